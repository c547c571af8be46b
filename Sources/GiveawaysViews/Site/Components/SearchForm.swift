import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// The search box with its sort menu: a GET form (works without JavaScript) that the script turns into search as
/// you type. Home and the free-to-play catalog use it; hidden fields carry the other filters.
package struct SearchForm {
    package let action: String
    package let label: String
    package let placeholder: String
    package let search: String
    /// `(name, value)` of the filters kept while searching.
    package let hidden: [(name: String, value: String)]
    package let sorts: [(value: String, label: String, isSelected: Bool)]
    /// The sort that is left out of URLs.
    package let defaultSort: String
    package let strings: Strings
    /// Where suggestions come from (a `<datalist>` is attached), if anywhere.
    package var suggestPath: String?

    package init(
        action: String, label: String, placeholder: String, search: String, hidden: [(name: String, value: String)],
        sorts: [(value: String, label: String, isSelected: Bool)], defaultSort: String, strings: Strings,
        suggestPath: String? = nil
    ) {
        self.action = action
        self.label = label
        self.placeholder = placeholder
        self.search = search
        self.hidden = hidden
        self.sorts = sorts
        self.defaultSort = defaultSort
        self.strings = strings
        self.suggestPath = suggestPath
    }

    package func render() -> HTML {
        let options = sorts.map { option -> HTML in
            "<option value=\"\(option.value)\"\(option.isSelected ? HTML(" selected") : nil)>\(option.label)</option>"
        }
        let fields = hidden.map { HTML("<input type=\"hidden\" name=\"\($0.name)\" value=\"\($0.value)\">") }
        let suggest: HTML? = suggestPath.map { HTML(" data-suggest=\"\($0)\"") }
        let list: HTML? = suggestPath == nil ? nil : " list=\"q-suggestions\""
        let datalist: HTML? = suggestPath == nil ? nil : "<datalist id=\"q-suggestions\"></datalist>"
        return """
            <form class="filters" method="get" action="\(action)" role="search" data-live-search data-default-sort="\(defaultSort)"\(suggest)>
              <div class="search-field">
                <label for="q" class="visually-hidden">\(label)</label>
                \(Icons.search)
                <input id="q" type="search" name="q" value="\(search)" placeholder="\(placeholder)" autocomplete="off" maxlength="\(Defaults.maxSearchLength)" enterkeyhint="search"\(list)>
                \(datalist)
              </div>
              \(fields)
              <div class="sort-field">
                <label for="sort">\(strings.common.sort)</label>
                <select id="sort" name="sort">\(options)</select>
              </div>
              <button type="submit" class="button filters__submit">\(strings.common.search)</button>
            </form>
            """
    }
}

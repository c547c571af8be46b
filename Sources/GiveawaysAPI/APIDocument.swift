import Foundation
import GiveawaysDomain

/// The OpenAPI document of the JSON API: the file the generator read, bundled as a resource, with its lists of
/// sources taken from the registry.
public enum APIDocument {
    /// The document's bytes, made once.
    public static let yaml: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("openapi.yaml is missing from the GiveawaysAPI bundle") }
        return Data(withRegisteredSources(String(decoding: data, as: UTF8.self)).utf8)
    }()

    /// `text` with every list of sources (a line `enum: [gamerpower, …]`) as the registry has them
    /// (`FirstHandStore.allCases`): every source when the file's list names the catalog (`freetogame`), else the
    /// sources of giveaways. The file lists the stores it was written with; a store added since is in the served
    /// document without an edit here (the generator reads none of these lists: their schemas are the app's own types).
    static func withRegisteredSources(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let start = line.range(of: "enum: [gamerpower, "), line.hasSuffix("]") else { return String(line) }
            let sources = line.contains("freetogame") ? SourceID.allCases : SourceID.giveawaySources
            return line[..<start.lowerBound] + "enum: [" + sources.map(\.rawValue).joined(separator: ", ") + "]"
        }.joined(separator: "\n")
    }
}

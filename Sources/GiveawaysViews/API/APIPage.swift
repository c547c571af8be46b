import Foundation
import GiveawaysHTML

/// `/api`: the JSON API for people. Each endpoint with its parameters, a request to paste into a terminal and what
/// it answers; the OpenAPI document at `/api/openapi.yaml` is the contract, this page its summary.
package struct APIPage {
    /// One endpoint, worded.
    package struct Endpoint {
        /// A safe HTML id, e.g. `list-giveaways`.
        package let id: String
        package let path: String
        package let summary: String
        package let parameters: [(name: String, values: String, meaning: String)]
        /// The path and query of the example request.
        package let example: String
        package let exampleResponse: String
        package let statuses: String
    }

    package struct Model {
        /// `http://host:port`, as the browser reached the server, for the curl lines.
        package let origin: String
        package let endpoints: [Endpoint]

        package init(origin: String) {
            self.origin = origin
            endpoints = Self.endpoints
        }
    }

    package let model: Model

    package init(model: APIPage.Model) {
        self.model = model
    }

    package func render() -> HTML {
        let list = model.endpoints.map { HTML("<li><a href=\"#\($0.id)\"><code>GET \($0.path)</code></a></li>") }
        return """
            <section class="hero hero--compact">
              <h1>JSON API</h1>
              <p>Every giveaway, platform and sync status as JSON: read-only, no key needed.</p>
            </section>
            <div class="api">
            <section class="prose" aria-labelledby="api-contract">
              <h2 id="api-contract">The contract</h2>
              <p>The OpenAPI 3.2 document <a href="\(url: SiteRoute.api(.document).path)"><code>/api/openapi.yaml</code></a> describes every endpoint, parameter and answer exactly; the server is generated from it. Answers are UTF-8 JSON. Each <code>200</code> carries an <code>ETag</code>: send it back in <code>If-None-Match</code> to get <code>304 Not Modified</code> while nothing changed. Errors always look like <code>{"error": "…", "status": 400}</code>; methods other than GET and HEAD get <code>405</code>.</p>
              <ul class="api__index">\(list)</ul>
            </section>
            \(model.endpoints.map(endpoint))
            </div>
            """
    }

    private func endpoint(_ endpoint: Endpoint) -> HTML {
        let rows = endpoint.parameters.map { parameter -> HTML in
            "<div><dt><code>\(parameter.name)</code> <span>\(parameter.values)</span></dt><dd>\(parameter.meaning)</dd></div>"
        }
        let parameters: HTML =
            rows.isEmpty
            ? "<p>No parameters.</p>" : "<h3>Parameters</h3><dl class=\"api__parameters\">\(rows)</dl>"
        return """
            <section class="prose api__endpoint" aria-labelledby="\(endpoint.id)">
              <h2 id="\(endpoint.id)"><code>GET \(endpoint.path)</code></h2>
              <p>\(endpoint.summary)</p>
              \(parameters)
              <h3>Example</h3>
              <pre class="api__code" tabindex="0"><code>curl -s '\(model.origin)\(endpoint.example)'</code></pre>
              <p class="api__caption">The answer (long texts shortened):</p>
              <pre class="api__code" tabindex="0"><code>\(endpoint.exampleResponse)</code></pre>
              <p class="api__statuses">Answers: \(endpoint.statuses)</p>
            </section>
            """
    }
}

import Foundation

/// The OpenAPI document of the JSON API: the very file the generator read, bundled as a resource.
public enum APIDocument {
    /// The document's bytes, read once.
    public static let yaml: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
            let data = try? Data(contentsOf: url)
        else { preconditionFailure("openapi.yaml is missing from the GiveawaysAPI bundle") }
        return data
    }()
}

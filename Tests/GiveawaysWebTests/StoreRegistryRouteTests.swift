import Foundation
import GiveawaysAPI
import GiveawaysDomain
import GiveawaysTestSupport
import GiveawaysUpstream
import HummingbirdTesting
import Testing

@testable import GiveawaysWeb

/// Every store in the registry (`FirstHandStore.allCases`) reaches each list that names stores: `/status`, the image
/// hosts, and the API document's enums of sources.
@Suite struct StoreRegistryRouteTests {
    /// Every enum of the API document that names GamerPower is an enum of sources: each one must name every store.
    @Test func everySourceEnumOfTheAPIDocumentNamesEveryStore() throws {
        let lines = String(decoding: APIDocument.yaml, as: UTF8.self).split(separator: "\n")
        let enums = lines.compactMap { line -> [String]? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("enum: ["), text.hasSuffix("]") else { return nil }
            let names = text.dropFirst("enum: [".count).dropLast().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return names.contains("gamerpower") ? names : nil
        }
        #expect(enums.count >= 3, "the sync event's source, a giveaway's source and a status row's source")
        for names in enums {
            for store in FirstHandStore.allCases {
                #expect(names.contains(store.rawValue), "\(store.rawValue) is missing from enum \(names)")
            }
        }
    }

    @Test func everyStoreReadHasItsRowOnStatusAndItsImageHosts() async throws {
        let harness = try await WebHarness()
        var configuration = harness.configuration
        // Never asked: the harness runs no sync.
        configuration.firstHandStores = Dictionary(
            uniqueKeysWithValues: FirstHandStore.allCases.map { ($0, URL(string: "http://127.0.0.1:9")!) })
        let origins = configuration.imageOrigins
        for store in FirstHandStore.allCases {
            for host in store.imageOrigins {
                #expect(origins.contains(try #require(WebOrigin(URL(string: host)!))), "\(host) of \(store.rawValue)")
            }
        }
        try await harness.app(configuration: configuration).test(.router) { client in
            let status = try await client.execute(uri: "/status", method: .get) { $0.text }
            for store in FirstHandStore.allCases {
                #expect(status.contains("id=\"status-\(store.rawValue)\""), "\(store.rawValue)'s row")
                #expect(status.contains(store.displayName))
            }
            let json = try await client.execute(uri: "/api/v1/status", method: .get) { $0.text }
            for store in FirstHandStore.allCases {
                #expect(json.contains("\"source\":\"\(store.rawValue)\""), "\(store.rawValue) in the API's status")
            }
        }
    }
}

import Foundation
import GiveawaysDomain
import Testing

@testable import GiveawaysAPI

/// The API document's lists of sources come from the registry: a store added to `FirstHandStore.allCases` is in the
/// served document without an edit of `openapi.yaml`.
@Suite struct APIDocumentSourcesTests {
    @Test func everyListOfSourcesInTheServedDocumentIsTheRegistrys() {
        let lines = String(decoding: APIDocument.yaml, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("enum: [gamerpower") }
        let every = "enum: [" + SourceID.allCases.map(\.rawValue).joined(separator: ", ") + "]"
        let giveaways = "enum: [" + SourceID.giveawaySources.map(\.rawValue).joined(separator: ", ") + "]"
        // SyncFinished and SourceStatus name every source; a giveaway's sources are the giveaway sources.
        #expect(lines.filter { $0.hasSuffix(every) }.count == 2)
        #expect(lines.filter { $0.hasSuffix(giveaways) }.count == 1)
        #expect(lines.count == 3)
    }

    @Test func aListWrittenBeforeAStoreWasAddedGetsIt() {
        let written = """
                  source:
                    enum: [gamerpower, freetogame, epic]
                  name:
                    enum: [gamerpower, epic]
                  other:
                    enum: [gamerpower, something]x
            """
        let served = APIDocument.withRegisteredSources(written).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(served[1] == "        enum: [" + SourceID.allCases.map(\.rawValue).joined(separator: ", ") + "]")
        #expect(served[3] == "        enum: [" + SourceID.giveawaySources.map(\.rawValue).joined(separator: ", ") + "]")
        #expect(served[5] == "        enum: [gamerpower, something]x", "only a whole list is rewritten")
        #expect(served.count == 6)
    }
}

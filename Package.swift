// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "GameGiveaways",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "giveaways", targets: ["giveaways"]),
        .executable(name: "giveaways-bench", targets: ["giveaways-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.86.0"),
    ],
    targets: [
        // Entities, repository protocols and the use cases that hold the rules. No dependencies, on purpose.
        .target(name: "GiveawaysDomain"),
        // The stores (SQLite, PostgreSQL): repositories, their SQL and migrations. No upstream client in it.
        .target(
            name: "GiveawaysData",
            dependencies: [
                "GiveawaysDomain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Every external API, one folder each (GamerPower, the stores, FreeToGame, RAWG, places, Web Push, webhooks
        // and Telegram/Apprise), over one bounded HTTP client; and the JSON the app writes. Never the stores.
        .target(
            name: "GiveawaysUpstream",
            dependencies: [
                "GiveawaysDomain", "GiveawaysHTML",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The JSON API's contract: `openapi.yaml` (also served as is) and the types and server stubs generated from it.
        .target(
            name: "GiveawaysAPI",
            dependencies: [
                "GiveawaysDomain", "GiveawaysUpstream",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // The escaping `HTML` type (the one place text becomes markup) and the reader of upstream text that carries
        // HTML. No dependencies: every page, feed and string builds on it.
        .target(name: "GiveawaysHTML"),
        // Every text a person reads on a page, English and German, with the formatting of dates, counts and prices.
        .target(name: "GiveawaysLocalization", dependencies: ["GiveawaysDomain", "GiveawaysHTML"]),
        // HTTP plumbing with no app in it: client addresses and their rate limits, cookies, multipart bodies,
        // Accept-Encoding, the security headers, middleware chains.
        .target(
            name: "GiveawaysHTTP",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ]
        ),
        // What the page engine keeps, joins and compresses, with no page in it: bounded caches, a page's pieces, gzip.
        .target(
            name: "GiveawaysRendering",
            dependencies: [
                "GiveawaysDomain", "GiveawaysHTML", "GiveawaysHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
        // Pages and components as pure functions of their view models, the route table and its paths, the filters,
        // the feed formats: no server in it (HTTPTypes only for an error's status), so views are tested without one.
        .target(
            name: "GiveawaysViews",
            dependencies: [
                "GiveawaysDomain", "GiveawaysHTML", "GiveawaysLocalization",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The web app: routes, middleware, the read model, the pages built from it, and static assets.
        .target(
            name: "GiveawaysWeb",
            dependencies: [
                "GiveawaysDomain",
                "GiveawaysData",
                "GiveawaysUpstream",
                "GiveawaysAPI",
                "GiveawaysHTML",
                "GiveawaysHTTP",
                "GiveawaysRendering",
                "GiveawaysLocalization",
                "GiveawaysViews",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/static")]
        ),
        // Command implementations (sync, import, list, show, serve); the executable only starts them.
        .target(
            name: "GiveawaysCLI",
            dependencies: [
                "GiveawaysDomain",
                "GiveawaysData",
                "GiveawaysUpstream",
                "GiveawaysWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "giveaways",
            dependencies: [
                "GiveawaysCLI", .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // In-process benchmarks (search, sync) that print figures; run by scripts/bench in release mode.
        .executableTarget(
            name: "giveaways-bench",
            dependencies: ["GiveawaysDomain", "GiveawaysData", "GiveawaysUpstream", "GiveawaysTestSupport"]
        ),
        // A fake GamerPower server and test stubs, shared by every test target.
        .target(
            name: "GiveawaysTestSupport",
            dependencies: [
                "GiveawaysDomain",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "GiveawaysDomainTests",
            dependencies: ["GiveawaysDomain", "GiveawaysTestSupport"]
        ),
        .testTarget(
            name: "GiveawaysDataTests",
            dependencies: [
                "GiveawaysDomain", "GiveawaysData", "GiveawaysUpstream", "GiveawaysHTML", "GiveawaysTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The views alone, with no server: what the split into targets promises.
        .testTarget(name: "GiveawaysViewsTests", dependencies: ["GiveawaysViews"]),
        .testTarget(
            name: "GiveawaysWebTests",
            dependencies: [
                "GiveawaysWeb", "GiveawaysDomain", "GiveawaysData", "GiveawaysUpstream", "GiveawaysHTML",
                "GiveawaysHTTP", "GiveawaysRendering", "GiveawaysAPI",
                "GiveawaysLocalization", "GiveawaysViews", "GiveawaysTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
        .testTarget(
            name: "GiveawaysCLITests",
            dependencies: ["giveaways", "GiveawaysDomain", "GiveawaysUpstream", "GiveawaysTestSupport"]
        ),
    ]
)

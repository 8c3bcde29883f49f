// swift-tools-version:6.1
// Signet: a request-signing API-client SDK. See README.md and docs/ for the layout and the rules.
import PackageDescription

// SignetCrypto's backend is chosen here and nowhere else (Sources/SignetCrypto/Backend/CryptoBackend.swift).
// Two traits, exactly one of them on:
// - PlatformCryptoBackend (the default): libcrypto (OpenSSL 3, the CSignetCrypto shim) on Linux, swift-crypto
//   (CryptoKit underneath) on every Apple platform. A Linux build never compiles swift-crypto for SignetCrypto.
// - SwiftCryptoBackend: swift-crypto everywhere, BoringSSL underneath on Linux: `swift build --traits
//   SwiftCryptoBackend` (naming a trait turns the default off), or `traits: ["SwiftCryptoBackend"]` on a
//   dependency on Signet. SignetCrypto then has no libcrypto dependency at all.
// (A dependency condition cannot say "trait off", hence the default trait: with both traits on, SwiftPM
// warns about the duplicate Crypto product and SignetCrypto still runs on swift-crypto.)
let platformCryptoTrait = "PlatformCryptoBackend"
let swiftCryptoTrait = "SwiftCryptoBackend"
let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]

let package = Package(
    name: "Signet",
    // The minimums are those of Swift's Synchronization module (Mutex, Atomic), which Signet uses; every
    // dependency allows them. Not every product runs everywhere (README, "Installing"): SignetServer,
    // SignetHummingbird, SignetPostgres, signet-server, signet and signet-bench are server side and tools, for
    // Linux and macOS; SignetAsyncHTTPClient and SignetTrivia (SwiftNIO underneath) are not for watchOS. On
    // Apple platforms the clients run on Signet's URLSessionTransport.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SignetCrypto", targets: ["SignetCrypto"]),
        .library(name: "Signet", targets: ["Signet"]),
        .library(name: "SignetAsyncHTTPClient", targets: ["SignetAsyncHTTPClient"]),
        .library(name: "SignetNIOTransport", targets: ["SignetNIOTransport"]),
        .library(name: "SignetTelemetry", targets: ["SignetTelemetry"]),
        .library(name: "SignetGameSystem", targets: ["SignetGameSystem"]),
        .library(name: "SignetWorlds", targets: ["SignetWorlds"]),
        .library(name: "SignetPuzzles", targets: ["SignetPuzzles"]),
        .library(name: "SignetConditions", targets: ["SignetConditions"]),
        .library(name: "SignetTrivia", targets: ["SignetTrivia"]),
        .library(name: "SignetVerification", targets: ["SignetVerification"]),
        .library(name: "SignetHummingbird", targets: ["SignetHummingbird"]),
        .library(name: "SignetVapor", targets: ["SignetVapor"]),
        .library(name: "SignetOpenAPIServer", targets: ["SignetOpenAPIServer"]),
        .library(name: "SignetPostgres", targets: ["SignetPostgres"]),
        .library(name: "SignetOpenAPI", targets: ["SignetOpenAPI"]),
        .library(name: "SignetOpenAPIAsyncHTTPClient", targets: ["SignetOpenAPIAsyncHTTPClient"]),
        .library(name: "SignetServer", targets: ["SignetServer"]),
        .executable(name: "signet-server", targets: ["signet-server"]),
        .executable(name: "signet", targets: ["signet"]),
        .executable(name: "signet-bench", targets: ["signet-bench"]),
        .executable(name: "post-magic", targets: ["post-magic"]),
        .executable(name: "post-rainbow", targets: ["post-rainbow"]),
    ],
    traits: [
        .trait(
            name: platformCryptoTrait,
            description: "SignetCrypto on libcrypto (OpenSSL 3) on Linux and on swift-crypto (CryptoKit) on Apple platforms."
        ),
        .trait(
            name: swiftCryptoTrait,
            description: "SignetCrypto on swift-crypto everywhere: BoringSSL instead of libcrypto on Linux."
        ),
        .default(enabledTraits: [platformCryptoTrait]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // DocC: `swift package generate-documentation` (scripts/docs-check.sh); a plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        // SignetOpenAPIAsyncHTTPClient: the OpenAPI transport over a client that refuses redirects.
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        // SignetVapor: the gatekeeper for Vapor 4 apps.
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        // The adapter conformance table and the benchmark run SignetOpenAPIServer on this transport.
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    ],
    targets: [
        // The C boundary: one small inline function per libcrypto call Swift needs.
        .systemLibrary(
            name: "CSignetCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // The one JSON layer (reader, writer, value, path, DecodingError mapping); package access, no product.
        .target(name: "SignetJSON"),
        .target(
            name: "SignetCrypto",
            dependencies: [
                "SignetJSON",
                .target(name: "CSignetCrypto", condition: .when(platforms: [.linux], traits: [platformCryptoTrait])),
                .product(
                    name: "Crypto", package: "swift-crypto",
                    condition: .when(platforms: applePlatforms, traits: [platformCryptoTrait])
                ),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: [swiftCryptoTrait])),
            ],
            swiftSettings: [
                .define("SIGNET_SWIFT_CRYPTO", .when(platforms: applePlatforms)),
                .define("SIGNET_SWIFT_CRYPTO", .when(traits: [swiftCryptoTrait])),
            ]
        ),
        // The client core: middleware chain, transports' protocol, URLSession transport. No service, no server.
        .target(
            name: "Signet",
            dependencies: [
                "SignetJSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "SignetAsyncHTTPClient",
            dependencies: [
                "Signet",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "SignetNIOTransport",
            dependencies: [
                "Signet",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Metrics (swift-metrics) and traces (swift-distributed-tracing) for the client chain, opt-in.
        .target(
            name: "SignetTelemetry",
            dependencies: [
                "Signet",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "SignetGameSystem",
            dependencies: [
                "Signet",
                "SignetCrypto",
                "SignetJSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Lords & Knights worlds: property lists in three formats, form encoding, device identity.
        .target(
            name: "SignetWorlds",
            dependencies: ["Signet", "SignetJSON", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // Word-search puzzles: capabilities, validation, checking, generation, SQLite store.
        .target(
            name: "SignetPuzzles",
            dependencies: [
                "Signet",
                "SignetJSON",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Rollout conditions: the condition language with an operator registry.
        .target(
            name: "SignetConditions",
            dependencies: ["Signet", "SignetJSON", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // Trivia: the protocol's messages, the client state machine, the server game logic, the WebSocket client.
        .target(
            name: "SignetTrivia",
            dependencies: [
                "Signet",
                "SignetJSON",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "WSClient", package: "swift-websocket"),
            ]
        ),
        // The server pipeline with no web framework in it: verification, roles, replay and idempotency stores,
        // async key providers, one outcome type, metrics, traces and the refusal log line.
        .target(
            name: "SignetVerification",
            dependencies: [
                "Signet",
                "SignetCrypto",
                "SignetGameSystem",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // GameSystem verification for any Hummingbird 2 app: an authenticator, the one-line gatekeeper, and the
        // connection guard against slow and malformed clients.
        .target(
            name: "SignetHummingbird",
            dependencies: [
                "SignetVerification",
                "SignetGameSystem",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // GameSystem verification for any Vapor 4 app: an authenticator and the one-line gatekeeper.
        .target(
            name: "SignetVapor",
            dependencies: [
                "SignetVerification",
                "SignetGameSystem",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // GameSystem verification for every operation of a swift-openapi-generator server, on any transport.
        .target(
            name: "SignetOpenAPIServer",
            dependencies: [
                "SignetVerification",
                "SignetGameSystem",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // PostgreSQL stores, so any number of server instances share replay and idempotency state.
        .target(
            name: "SignetPostgres",
            dependencies: [
                "SignetGameSystem",
                "SignetVerification",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // A swift-openapi-runtime ClientMiddleware running Signet's retry, clock-skew and signing chain.
        .target(
            name: "SignetOpenAPI",
            dependencies: [
                "Signet",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // swift-openapi-async-http-client's transport over an HTTPClient that never follows redirects.
        .target(
            name: "SignetOpenAPIAsyncHTTPClient",
            dependencies: [
                "SignetAsyncHTTPClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            ]
        ),
        // The reference server for every Signet protocol; used by tests, examples and the CLI, never by a library.
        .target(
            name: "SignetServer",
            dependencies: [
                "Signet",
                "SignetCrypto",
                "SignetGameSystem",
                "SignetHummingbird",
                "SignetPostgres",
                "SignetJSON",
                "SignetConditions",
                "SignetWorlds",
                "SignetPuzzles",
                "SignetTrivia",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(name: "signet-server", dependencies: ["SignetServer", "SignetGameSystem"]),
        .executableTarget(
            name: "signet",
            dependencies: [
                "SignetCrypto",
                "SignetJSON",
                "Signet",
                "SignetGameSystem",
                "SignetConditions",
                "SignetWorlds",
                "SignetPuzzles",
                "SignetTrivia",
                "SignetServer",
                "SignetAsyncHTTPClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // `signet playground`: the web app and the trivia relay's socket.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The benchmark's baseline: the same libcrypto work done straight from C, whichever backend SignetCrypto
        // has. Where no libcrypto is linked (Apple platforms) it compiles to stubs and the bench says so.
        .target(
            name: "CSignetBenchFloor",
            dependencies: [.target(name: "CSignetCrypto", condition: .when(platforms: [.linux]))],
            cSettings: [.define("SIGNET_FLOOR_LIBCRYPTO", .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "signet-bench",
            dependencies: [
                "SignetCrypto", "SignetGameSystem", "SignetConditions", "CSignetBenchFloor", "Signet",
                "SignetAsyncHTTPClient", "SignetNIOTransport", "SignetServer", "SignetHummingbird",
                "SignetVapor", "SignetOpenAPIServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Examples: post the Magic / Rainbow events (embedded reference server unless SIGNET_BASE_URL is set).
        .target(
            name: "ExampleSupport",
            dependencies: [
                "Signet", "SignetAsyncHTTPClient", "SignetGameSystem", "SignetServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/ExampleSupport"
        ),
        .executableTarget(name: "post-magic", dependencies: ["ExampleSupport"], path: "Examples/post-magic"),
        .executableTarget(name: "post-rainbow", dependencies: ["ExampleSupport"], path: "Examples/post-rainbow"),
        // Helpers shared by the test targets (vector files, independent decoders, temporary folders, hostile peers).
        .target(name: "SignetTestSupport", path: "Tests/SignetTestSupport"),
        // The transports the network tests run over (URLSession, AsyncHTTPClient, NIOTransport), in one place.
        .target(
            name: "SignetTransportTestSupport",
            dependencies: ["Signet", "SignetAsyncHTTPClient", "SignetNIOTransport", "SignetTestSupport"],
            path: "Tests/SignetTransportTestSupport"
        ),
        .testTarget(name: "SignetJSONTests", dependencies: ["SignetJSON"]),
        .testTarget(name: "SignetCryptoTests", dependencies: ["SignetCrypto", "SignetTestSupport"]),
        .testTarget(
            name: "SignetTests",
            dependencies: ["Signet", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "SignetGameSystemTests",
            dependencies: ["SignetGameSystem", "SignetCrypto", "Signet", "SignetJSON", "SignetTestSupport", "SignetTransportTestSupport"]
        ),
        .testTarget(
            name: "SignetWorldsTests",
            dependencies: [
                "SignetWorlds", "Signet", "SignetServer", "SignetAsyncHTTPClient", "SignetNIOTransport", "SignetTestSupport",
                "SignetTransportTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The child process of the puzzle store's crash test (records finds until killed); no product.
        .executableTarget(name: "PuzzleStoreCrashChild", dependencies: ["SignetPuzzles"], path: "Tests/PuzzleStoreCrashChild"),
        .testTarget(
            name: "SignetPuzzlesTests",
            dependencies: [
                "SignetPuzzles", "Signet", "SignetServer", "SignetAsyncHTTPClient", "SignetTestSupport", "SignetTransportTestSupport",
                "PuzzleStoreCrashChild",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "SignetConditionsTests",
            dependencies: [
                "SignetConditions", "SignetJSON", "Signet", "SignetServer", "SignetAsyncHTTPClient", "SignetTestSupport",
                "SignetTransportTestSupport",
            ]
        ),
        .testTarget(
            name: "SignetTriviaTests",
            dependencies: [
                "SignetTrivia", "Signet", "SignetServer", "SignetAsyncHTTPClient", "SignetTestSupport", "SignetTransportTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "WSClient", package: "swift-websocket"),
            ]
        ),
        // NIOTransport's exchange state machine, without a socket; its caller-facing rules over loopback.
        .testTarget(
            name: "SignetNIOTransportTests",
            dependencies: [
                "SignetNIOTransport", "Signet", "SignetTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Runs the built `signet` executable as a user would (exit status, stdout, stderr).
        .testTarget(
            name: "SignetCLITests",
            dependencies: [
                "signet", "signet-server", "signet-bench", "SignetServer", "SignetGameSystem", "SignetTestSupport",
                "ExampleSupport", "Signet",
            ]
        ),
        .testTarget(
            name: "SignetTelemetryTests",
            dependencies: [
                "SignetTelemetry", "Signet", "SignetAsyncHTTPClient", "SignetGameSystem", "SignetServer", "SignetTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "SignetVerificationTests",
            dependencies: [
                "SignetVerification", "SignetGameSystem", "SignetCrypto",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "SignetHummingbirdTests",
            dependencies: [
                "SignetHummingbird", "SignetGameSystem", "Signet", "SignetAsyncHTTPClient", "SignetTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SignetServerTests",
            dependencies: [
                "SignetServer",
                "Signet",
                "SignetGameSystem",
                "SignetAsyncHTTPClient",
                "SignetNIOTransport",
                "SignetHummingbird",
                "SignetPostgres",
                "SignetTestSupport",
                "SignetTransportTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // One table of verification cases against every adapter and the reference server, over real sockets.
        .testTarget(
            name: "SignetAdapterConformanceTests",
            dependencies: [
                "SignetHummingbird", "SignetVapor", "SignetOpenAPIServer", "SignetServer", "SignetPostgres",
                "SignetGameSystem", "Signet", "SignetCrypto",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "SignetOpenAPITests",
            dependencies: [
                "SignetOpenAPI", "SignetOpenAPIAsyncHTTPClient", "Signet", "SignetGameSystem", "SignetServer", "SignetTestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

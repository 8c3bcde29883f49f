// swift-tools-version:6.1
// libFuzzer harnesses for every decoder of untrusted bytes in Signet, plus differential harnesses against
// independent implementations (Foundation, libcrypto). A separate package so that the fuzzing flags never
// touch the main build: build and run everything with `Fuzz/run.sh SECONDS` (README, "Fuzzing").
//
// Each harness is an executable target with one `@_cdecl("LLVMFuzzerTestOneInput")` function and a `@main` that
// hands it to libFuzzer's driver; the whole package is built with `-sanitize=fuzzer -parse-as-library`
// (run.sh passes them).
import PackageDescription

/// One harness: an executable target in Sources/<name>/ and a seed corpus in Corpus/<name>/.
func harness(_ name: String, _ products: [String], extra: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "Signet") } + extra
    )
}

let package = Package(
    name: "SignetFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Signet", path: ".."),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // What every harness shares: failing loudly, and the property-list comparison with Foundation.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer", .product(name: "SignetWorlds", package: "Signet")]),
        // libFuzzer's driver entry point, which each harness's `@main` calls.
        .target(name: "CLibFuzzer"),
        // MD5 and HMAC-SHA1 straight from libcrypto, the independent side of the crypto-diff harness.
        .target(name: "CFuzzCrypto", linkerSettings: [.linkedLibrary("crypto")]),

        harness("openstep-plist", ["SignetWorlds"]),
        harness("xml-plist", ["SignetWorlds"]),
        harness("binary-plist", ["SignetWorlds"]),
        harness("worlds", ["SignetWorlds"]),
        // FormURLDecoder lives in SignetServer, whose product would bring Hummingbird, PostgreSQL and SwiftNIO
        // into this build. Its one source file imports only Signet and SignetWorlds, so the harness compiles
        // that very file (a symlink, Sources/form/FormURLDecoder.swift) instead: the same code, a far smaller build.
        harness("form", ["SignetWorlds", "Signet"]),
        harness("conditions", ["SignetConditions"]),
        harness("trivia-client", ["SignetTrivia"]),
        harness("trivia-server", ["SignetTrivia"]),
        harness("puzzle-response", ["SignetPuzzles"]),
        harness("vector-files", ["SignetCrypto", "SignetGameSystem", "SignetConditions"]),
        harness("base64", ["SignetCrypto"]),
        harness("http-date", ["Signet"]),
        harness(
            "gamesystem-answers", ["SignetGameSystem", "Signet"],
            extra: [.product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        harness(
            "gamesystem-verifier", ["SignetGameSystem", "SignetCrypto"],
            extra: [.product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        harness("crypto-diff", ["SignetCrypto"], extra: ["CFuzzCrypto"]),
    ],
    swiftLanguageModes: [.v6]
)

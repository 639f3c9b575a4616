// swift-tools-version: 6.0
import PackageDescription

// The folder layout follows the data flow in docs/architecture.md:
// suites → core runner → (adapter seam | backend seam) → reporters.
let package = Package(
    name: "mamconf",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mamconf", targets: ["mamconf"]),
        .executable(name: "mamconf-reference", targets: ["mamconf-reference"]),
        .library(name: "AdapterKit", targets: ["AdapterKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.2.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // RSA and X.509 for certificate client credentials (signed by the Graph client, checked by the mock).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.10.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.3.0"),
        // A heap for the runner's deadlines.
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // Native system libraries (see docs/native-deps.md).
        .systemLibrary(name: "CCurl", path: "Sources/Native/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibXML2", path: "Sources/Native/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // libyaml's event stream, which Yams does not expose: suites are scanned for anchors and aliases before
        // Yams composes (and so expands) them.
        .systemLibrary(name: "CLibYAML", path: "Sources/Native/CLibYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        .target(name: "CurlHTTP", dependencies: ["CCurl"], path: "Sources/Native/CurlHTTP"),
        // vfork/exec with a parent-death signal, which posix_spawn cannot set (adapters must not outlive mamconf).
        .target(name: "CSpawn", path: "Sources/Native/CSpawn"),
        // The fork-server launch's two ends: an adapter that forks a warm process per case, and mamconf asking it to.
        .target(name: "CForkServer", path: "Sources/Native/CForkServer"),
        .target(name: "JUnitXML", dependencies: ["CLibXML2"], path: "Sources/Reporters/JUnitXML"),

        // The wire protocol between runner and integration, and the SDK-side server for it.
        // The one lock box of the parts that run beside an SDK (it builds for an iOS test host).
        .target(name: "Locking", path: "Sources/Support/Locking"),
        .target(name: "AdapterProtocol", dependencies: ["Locking"], path: "Sources/Protocol/AdapterProtocol"),
        .target(name: "AdapterKit", dependencies: ["AdapterProtocol", "Locking"], path: "Sources/Protocol/AdapterKit"),

        // The harness: core (model, seams, runner, matcher) and the concrete pieces plugged into its seams.
        .target(name: "ConformanceCore", dependencies: [
            "AdapterProtocol", .product(name: "HeapModule", package: "swift-collections"),
        ], path: "Sources/Harness/ConformanceCore"),
        .target(name: "SuiteLoader", dependencies: ["ConformanceCore", "AdapterProtocol", "Yams", "CLibYAML"], path: "Sources/Harness/SuiteLoader"),
        // How the runner reaches an integration: a local process over stdio, or a test host over TCP.
        .target(name: "AdapterTransports", dependencies: ["ConformanceCore", "AdapterProtocol", "CSpawn", "CForkServer"], path: "Sources/Harness/AdapterTransports"),
        .target(name: "Backends", dependencies: ["ConformanceCore", "AdapterProtocol", "CurlHTTP", "ClientAssertion"], path: "Sources/Harness/Backends"),

        // OAuth client assertions (RS256 JWT over an X.509 certificate): made by the Graph client, checked by the mock.
        .target(name: "ClientAssertion", dependencies: [
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "SwiftASN1", package: "swift-asn1"),
        ], path: "Sources/Auth/ClientAssertion"),

        // The mock backend: a separate wing, reached only over HTTP.
        .target(name: "MockMAMService", dependencies: [
            "AdapterProtocol", "ClientAssertion",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Atomics", package: "swift-atomics"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ], path: "Sources/Mock/MockMAMService"),

        // The bundled reference integration: a simulated SDK, the vendor-copyable Intune binding (protocol → SDK
        // calls, SDK callbacks → events and questions; written against the real SDK's Swift names, built here
        // against ReferenceSDK), and the app and test host that implement the binding's app side.
        .target(name: "ReferenceSDK", dependencies: ["CurlHTTP", "Locking"], path: "Sources/Reference/ReferenceSDK"),
        .target(name: "IntuneBinding", dependencies: ["AdapterProtocol", "AdapterKit", "Locking", "ReferenceSDK"],
                path: "Sources/Reference/IntuneBinding"),
        .target(name: "ReferenceApp", dependencies: ["IntuneBinding", "ReferenceSDK", "AdapterProtocol", "AdapterKit", "CurlHTTP", "Locking"],
                path: "Sources/Reference/ReferenceApp"),

        // The run's reporters (console, JUnit, GitHub annotations) and the reports of runs that judged nothing.
        .target(name: "RunReporters", dependencies: ["ConformanceCore", "AdapterProtocol", "JUnitXML", "SuiteLoader"],
                path: "Sources/Reporters/RunReporters"),
        // The one run wiring: backend, adapter factory, reporters and runner from a description.
        .target(name: "RunWiring", dependencies: [
            "ConformanceCore", "AdapterTransports", "Backends", "MockMAMService", "RunReporters", "JUnitXML",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Harness/RunWiring"),
        // The mutation matrix: which case catches which mutant and accepts which variant, its runs wired by RunWiring.
        .target(name: "Mutation", dependencies: [
            "ConformanceCore", "SuiteLoader", "AdapterProtocol", "AdapterTransports", "RunWiring",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Harness/Mutation"),

        // The command line: parses, and wires the concrete pieces into the core's seams through RunWiring.
        .target(name: "MamconfCLI", dependencies: [
            "ConformanceCore", "AdapterProtocol", "SuiteLoader", "AdapterTransports", "Backends", "JUnitXML", "MockMAMService",
            "RunReporters", "RunWiring", "Mutation",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            // SHA-256 digests and the P-256 signature of `certify`'s bundle.
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Harness/MamconfCLI"),

        // Executables.
        .executableTarget(name: "mamconf", dependencies: ["MamconfCLI"], path: "Sources/Executables/mamconf"),
        // The reference starts once per case, so it carries the Swift runtime and Foundation inside it: the
        // dynamic loader no longer resolves their symbols at every start (15 → 10 ms a start; the full run with
        // --jobs 2 about a fifth faster). The group lists the static Foundation's own dependencies, which the
        // driver's -static-stdlib leaves out on Linux.
        .executableTarget(name: "mamconf-reference", dependencies: ["ReferenceApp", "AdapterKit", "AdapterProtocol", "CForkServer"],
                          path: "Sources/Executables/mamconf-reference",
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--start-group", "-Xlinker", "-lFoundation", "-Xlinker", "-lCoreFoundation", "-Xlinker", "-lFoundationEssentials", "-Xlinker", "-lFoundationInternationalization", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-l_FoundationICU", "-Xlinker", "-lswiftDispatch", "-Xlinker", "-ldispatch", "-Xlinker", "-lBlocksRuntime", "-Xlinker", "-lswiftSynchronization", "-Xlinker", "--end-group"])]),

        // Benchmarks (`make bench`): what each transport costs, against the bundled reference.
        .executableTarget(name: "mamconf-transport-bench", dependencies: ["AdapterTransports", "ConformanceCore", "AdapterProtocol"],
                          path: "Benchmarks/TransportBenchmark"),
        // The floor of a run: answers every request at once from a recording of the reference (make bench).
        .executableTarget(name: "mamconf-floor", dependencies: ["CForkServer"], path: "Benchmarks/RunFloor/Replay"),

        // Tests. They run the built mamconf-reference binary (swift test builds every product) and never link its
        // module, so its static runtime stays out of the test bundle.
        .target(name: "TestSupport", dependencies: ["CSpawn"], path: "Tests/TestSupport"),
        .target(name: "ReferenceTestSupport", dependencies: ["ReferenceSDK", "MockMAMService", "CurlHTTP",
                                                   .product(name: "Logging", package: "swift-log")],
                path: "Tests/ReferenceTestSupport"),
        .testTarget(name: "ProtocolTests", dependencies: ["AdapterProtocol"]),
        .testTarget(name: "NativeTests", dependencies: ["TestSupport", "CurlHTTP", "JUnitXML", "CLibXML2", "MockMAMService", "AdapterProtocol"]),
        .testTarget(name: "MockServiceTests", dependencies: ["TestSupport", "MockMAMService", "CurlHTTP", "AdapterProtocol", "ClientAssertion",
                                                        .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ReferenceTests", dependencies: ["ReferenceApp", "IntuneBinding", "ReferenceSDK", "AdapterProtocol", "AdapterKit", "Locking", "MockMAMService", "CurlHTTP", "TestSupport",
                                                      "ReferenceTestSupport",
                                                      .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "HarnessTests", dependencies: [
            "ConformanceCore", "AdapterProtocol", "SuiteLoader", "AdapterTransports", "Backends", "JUnitXML", "MockMAMService", "CLibXML2",
            "MamconfCLI", "RunReporters", "RunWiring", "Mutation", "mamconf", "CSpawn", "CForkServer", "CurlHTTP", "TestSupport", "AdapterKit", "ClientAssertion",
            .product(name: "Logging", package: "swift-log"),
            // docs/ci.md's YAML snippets are parsed in DocumentationTests.
            .product(name: "Yams", package: "Yams"),
            // Keys for the certification bundle's signature tests.
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        // Adapters, suites and schema checks the tests run by path, not resources of the test bundle.
        exclude: ["Data"]),
    ]
)

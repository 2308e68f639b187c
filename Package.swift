// swift-tools-version:6.0
import PackageDescription

// Strict settings shared by every target.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

var targets: [Target] = [
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The bundled cookbook (catalog and photos in one tar), embedded by the C compiler's #embed.
    .target(name: "CCookbook", exclude: ["cookbook.tar"]),
    // The one clean-up of text from outside and the one scanner of terminal escapes: beneath everything.
    .target(name: "TextSafety"),
    .target(name: "Entity", dependencies: ["TextSafety"]),
    // The page reader (a page's bytes to text, tree and readable document) and the recipe extractor
    // (a page to its recipe): pure, bytes or text in, Entity values out.
    .target(name: "PageReader", dependencies: ["Entity", "TextSafety"]),
    .target(name: "RecipeReader", dependencies: ["Entity", "TextSafety", "PageReader"]),
    // What the transport and the rest of the services share: ServiceError, the clock, a locked value.
    .target(name: "ServiceSupport"),
    // The HTTP transport: a request out, a bounded and decoded response back; nothing of recipes.
    .target(name: "HTTPTransport", dependencies: ["ServiceSupport", "CZlib"]),
    .target(
        name: "Services",
        dependencies: ["Entity", "TextSafety", "ServiceSupport", "HTTPTransport", "PageReader", "RecipeReader", "CSQLite", "CJPEG", "CPNG", "CWebP"]
    ),
    .target(name: "Interactor", dependencies: ["Entity", "ServiceSupport", "Services"]),
    .target(name: "Router", dependencies: ["Entity"]),
    .target(name: "Presenter", dependencies: ["Entity", "TextSafety", "Interactor", "Router"]),
    // Keys, display widths and the pager's keys and window: pure, for the View and its fuzz harness.
    .target(name: "TerminalKit", dependencies: ["TextSafety"]),
    .target(name: "View", dependencies: ["Presenter", "TerminalKit"]),
    // PuppyServer imports only Entity (the pure rules both sides share: what cooks call things) and
    // ServiceSupport (a lock) of RecipeBook's modules; zlib (gzip answers) and the bundled cookbook
    // through C shims. PuppyCatalog is its catalog (reading, photos) and the index over it; PuppyServer
    // the HTTP server, the API with its quirks, pages and pictures.
    .target(name: "PuppyCatalog", dependencies: ["Entity", "ServiceSupport", "CCookbook"]),
    .target(name: "PuppyServer", dependencies: ["Entity", "ServiceSupport", "PuppyCatalog", "CZlib"]),
    // The composition root, shared by the executables that need the whole client.
    .target(
        name: "Wiring",
        dependencies: ["Entity", "ServiceSupport", "HTTPTransport", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer", "PuppyCatalog"]
    ),
    .executableTarget(name: "recipes", dependencies: ["Wiring", "View"]),
    .executableTarget(name: "puppy-server", dependencies: ["PuppyServer", "PuppyCatalog"]),
    .executableTarget(
        name: "recipes-bench",
        dependencies: ["Entity", "PageReader", "RecipeReader", "ServiceSupport", "HTTPTransport", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer", "PuppyCatalog", "Wiring", "TestSupport"]
    ),
    .target(
        name: "TestSupport",
        dependencies: ["Entity", "TextSafety", "PageReader", "RecipeReader", "ServiceSupport", "HTTPTransport", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer", "PuppyCatalog"],
        path: "Tests/TestSupport"
    ),
    .testTarget(name: "EntityTests", dependencies: ["Entity", "TextSafety", "TestSupport"]),
    .testTarget(name: "PageReaderTests", dependencies: ["PageReader", "TestSupport"]),
    .testTarget(name: "RecipeReaderTests", dependencies: ["RecipeReader", "PageReader", "TextSafety", "TestSupport"]),
    .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "ServiceSupport", "TestSupport"]),
    .testTarget(name: "ServicesTests", dependencies: ["Services", "TestSupport"]),
    .testTarget(name: "InteractorTests", dependencies: ["Interactor", "TestSupport"]),
    .testTarget(name: "RouterTests", dependencies: ["Router", "TestSupport"]),
    .testTarget(name: "PresenterTests", dependencies: ["Presenter", "TextSafety", "TestSupport"]),
    .testTarget(name: "ViewTests", dependencies: ["View", "TerminalKit", "TestSupport"]),
    .testTarget(name: "PuppyServerTests", dependencies: ["PuppyServer", "PuppyCatalog", "ServiceSupport", "TestSupport", "CZlib"]),
    // The reference model and the generator of random sessions are optimised even in a debug build, so
    // that ten thousand sessions take seconds, not minutes.
    .testTarget(name: "SessionModelTests", dependencies: ["Presenter", "Interactor", "Services", "Router", "TestSupport"],
                swiftSettings: [.unsafeFlags(["-O"])]),
    .testTarget(
        name: "UITests",
        dependencies: ["TestSupport", "recipes", "puppy-server"],
        path: "UITests",
        // Read through #filePath when the tests run, not built into the bundle.
        exclude: ["Golden"]
    ),
]

for index in targets.indices where targets[index].type != .system && targets[index].name != "CCookbook" {
    targets[index].swiftSettings = (targets[index].swiftSettings ?? []) + strictSettings
}

let package = Package(
    // Linux only: the sources build on Glibc, termios and the system's libraries.
    name: "RecipeBook",
    products: [
        .executable(name: "recipes", targets: ["recipes"]),
        .executable(name: "puppy-server", targets: ["puppy-server"]),
        .library(name: "PuppyServer", targets: ["PuppyServer"]),
    ],
    targets: targets
)

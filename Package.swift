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
    .target(name: "Entity"),
    .target(name: "Services", dependencies: ["Entity", "CSQLite"]),
    .target(name: "Interactor", dependencies: ["Entity", "Services"]),
    .target(name: "Router", dependencies: ["Entity"]),
    .target(name: "Presenter", dependencies: ["Entity", "Interactor", "Router"]),
    .target(name: "View", dependencies: ["Presenter"]),
    .target(name: "PuppyServer"),
    .executableTarget(
        name: "recipes",
        dependencies: ["Entity", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer"]
    ),
    .executableTarget(name: "puppy-server", dependencies: ["PuppyServer"]),
    .executableTarget(name: "recipes-bench", dependencies: ["Entity", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer", "recipes"]),
    .target(
        name: "TestSupport",
        dependencies: ["Entity", "Services", "Interactor", "Router", "Presenter", "View", "PuppyServer"],
        path: "Tests/TestSupport"
    ),
    .testTarget(name: "EntityTests", dependencies: ["Entity", "TestSupport"]),
    .testTarget(name: "ServicesTests", dependencies: ["Services", "TestSupport"]),
    .testTarget(name: "InteractorTests", dependencies: ["Interactor", "TestSupport"]),
    .testTarget(name: "RouterTests", dependencies: ["Router", "TestSupport"]),
    .testTarget(name: "PresenterTests", dependencies: ["Presenter", "TestSupport"]),
    .testTarget(name: "ViewTests", dependencies: ["View", "TestSupport"]),
    .testTarget(name: "PuppyServerTests", dependencies: ["PuppyServer", "TestSupport"]),
    .testTarget(
        name: "UITests",
        dependencies: ["TestSupport", "recipes", "puppy-server"],
        path: "UITests"
    ),
]

for index in targets.indices where targets[index].type != .system {
    targets[index].swiftSettings = (targets[index].swiftSettings ?? []) + strictSettings
}

let package = Package(
    name: "RecipeBook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "recipes", targets: ["recipes"]),
        .executable(name: "puppy-server", targets: ["puppy-server"]),
        .library(name: "PuppyServer", targets: ["PuppyServer"]),
    ],
    targets: targets
)

// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .define("REFLOW_INTERNAL_CHECKS", .when(configuration: .debug)),
]

let package = Package(
    name: "Reflow",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1)],
    products: [
        .library(name: "Reflow", targets: ["Reflow"]),
        .library(name: "ReflowTesting", targets: ["ReflowTesting"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "Reflow", swiftSettings: strict),
        .target(name: "ReflowTesting", dependencies: ["Reflow"], swiftSettings: strict),
        .testTarget(name: "ReflowTests", dependencies: ["Reflow", "ReflowTesting"], swiftSettings: strict),
        .testTarget(name: "ReflowTestingTests", dependencies: ["Reflow", "ReflowTesting"], swiftSettings: strict),
        .executableTarget(name: "GitHubSearch", dependencies: ["Reflow"], path: "Examples/GitHubSearch", swiftSettings: strict),
        .executableTarget(name: "Counter", dependencies: ["Reflow"], path: "Examples/Counter", swiftSettings: strict),
        .executableTarget(name: "ReflowBenchmarks", dependencies: ["Reflow"], path: "Benchmarks/ReflowBenchmarks", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

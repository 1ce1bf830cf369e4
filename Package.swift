// swift-tools-version:6.2
import PackageDescription

// Internal invariant checks (`REFLOW_INTERNAL_CHECKS`) are opt-in, as swift-collections'
// are: the package's own test command and CI pass `-Xswiftc -DREFLOW_INTERNAL_CHECKS`. An
// app that depends on Reflow never gets them, in debug builds either.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Reflow",
    // The first releases whose Swift runtime prints a key path as its source (`\Props.title`),
    // which PropsRecorder, traces and the inspector show (Swift 5.8: macOS 13.3, iOS 16.4).
    platforms: [.macOS("13.3"), .iOS("16.4"), .tvOS("16.4"), .watchOS("9.4"), .macCatalyst("16.4"), .visionOS(.v1)],
    products: [
        .library(name: "Reflow", targets: ["Reflow"]),
        .library(name: "ReflowTesting", targets: ["ReflowTesting"]),
        .library(name: "ReflowReSwift", targets: ["ReflowReSwift"]),
        // History, time travel, the inspector and the session-test writer: an app links it only
        // to the targets that debug. A build that links it ships its code even if only
        // `#if DEBUG` code calls it (Swift keeps a linked library's type metadata).
        .library(name: "ReflowDevtools", targets: ["ReflowDevtools"]),
    ],
    dependencies: [],
    targets: [
        // The engine: the store, its dispatch loop, observers and handles, effects, and (in
        // Unsafe/) the structures that read memory directly. Features build on it through
        // its `package` interface; users import Reflow, which re-exports its public types.
        .target(name: "ReflowCore", dependencies: ["ReflowUnsafe"], swiftSettings: strict + [.strictMemorySafety()]),
        // What the engine's passes read memory through: views of slots and an exact-class
        // cast, each checked. A module of its own because a debug build inlines a
        // `@_transparent` function into another file only across a module boundary: from
        // ReflowCore's own files, each access would be a call.
        .target(name: "ReflowUnsafe", swiftSettings: strict + [.strictMemorySafety()]),
        .target(name: "Reflow", dependencies: ["ReflowCore"], swiftSettings: strict),
        .target(name: "ReflowTesting", dependencies: ["Reflow", "ReflowCore"], swiftSettings: strict),
        .target(name: "ReflowReSwift", dependencies: ["Reflow", "ReflowCore"], swiftSettings: strict),
        .target(name: "ReflowDevtools", dependencies: ["Reflow", "ReflowCore"], swiftSettings: strict),
        .testTarget(name: "ReflowTests", dependencies: ["Reflow", "ReflowCore", "ReflowUnsafe", "ReflowTesting", "PersistenceKillHelper", "TestSupport", "ReflowDevtools"],
                    swiftSettings: strict),
        // Finds the executables the tests start, on each platform's build layout.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "ReflowTestingTests", dependencies: ["Reflow", "ReflowTesting"], swiftSettings: strict),
        // Started and killed by the persistence kill test.
        .executableTarget(name: "PersistenceKillHelper", dependencies: ["Reflow"], path: "Tests/PersistenceKillHelper",
                          swiftSettings: strict),
        // Built in release mode and started by the misuse-message test: a user's mistake
        // must print its message in optimized builds too.
        .executableTarget(name: "MisuseHelper", dependencies: ["Reflow", "ReflowDevtools"], path: "Tests/MisuseHelper",
                          swiftSettings: strict),
        // The examples' logic, their HTTP client against a loopback server, and the apps
        // themselves in a pseudo-terminal (so the test target builds the executables too).
        .testTarget(name: "ExamplesTests",
                    dependencies: ["ExampleTerminal", "GitHubSearchKit", "GitHubSearch", "CounterKit", "Counter",
                                   "SimpleTextFieldKit", "SteppingUpKit", "TableAndCollectionKit", "LoginKit", "NotesKit",
                                   "SimpleTextField", "SteppingUp", "TableAndCollection", "Login", "ReSwiftTodo",
                                   "Reflow", "ReflowTesting", "TestSupport", "ReflowDevtools"],
                    swiftSettings: strict),
        // Code written the ways app developers write it (file-scope closures, static and free
        // functions, ReRxSwift's and ReactorKit's README code), in each language mode.
        .testTarget(name: "IdiomTests", dependencies: ["Reflow", "ReflowTesting"], swiftSettings: strict),
        .testTarget(name: "IdiomTestsSwift5", dependencies: ["Reflow", "ReflowTesting"],
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // ReRxSwift's README as written and a port of its example's spec; CI also builds
        // and runs it under Xcode 26's default isolation and in Swift 5 mode.
        .testTarget(name: "ReRxSwiftReadmeTests", dependencies: ["Reflow"], swiftSettings: strict),
        // A ReSwift app's global store, used from a background queue; CI builds it in every setting.
        .testTarget(name: "ReSwiftIdiomTests", dependencies: ["ReflowReSwift"]),
        .testTarget(name: "ReflowReSwiftTests", dependencies: ["Reflow", "ReflowCore", "ReflowReSwift"], swiftSettings: strict),
        // A ReSwift app's code as old apps are written: Swift 5 language mode, ReSwift's idioms.
        .testTarget(name: "ReflowReSwiftSwift5Tests", dependencies: ["ReflowReSwift"], path: "Tests/ReflowReSwiftSwift5Tests",
                    swiftSettings: [.swiftLanguageMode(.v5)]),
        // The examples: a terminal layer they share, then each app's logic (tested) and its main.
        .target(name: "ExampleTerminal", dependencies: ["Reflow", "ReflowDevtools"], path: "Examples/Terminal", swiftSettings: strict),
        .target(name: "GitHubSearchKit", dependencies: ["Reflow", "ExampleTerminal", "ReflowDevtools"], path: "Examples/GitHubSearch/GitHubSearchKit",
                swiftSettings: strict),
        .executableTarget(name: "GitHubSearch", dependencies: ["GitHubSearchKit", "ExampleTerminal"], path: "Examples/GitHubSearch/Main",
                          swiftSettings: strict),
        .target(name: "CounterKit", dependencies: ["Reflow", "ExampleTerminal", "ReflowDevtools"], path: "Examples/Counter/CounterKit",
                swiftSettings: strict),
        .executableTarget(name: "Counter", dependencies: ["CounterKit", "ExampleTerminal"], path: "Examples/Counter/Main",
                          swiftSettings: strict),
        .target(name: "SimpleTextFieldKit", dependencies: ["Reflow", "ExampleTerminal"], path: "Examples/SimpleTextField/SimpleTextFieldKit", swiftSettings: strict),
        .executableTarget(name: "SimpleTextField", dependencies: ["SimpleTextFieldKit", "ExampleTerminal", "Reflow"], path: "Examples/SimpleTextField/Main",
                          swiftSettings: strict),
        .target(name: "SteppingUpKit", dependencies: ["Reflow", "ExampleTerminal"], path: "Examples/SteppingUp/SteppingUpKit", swiftSettings: strict),
        .executableTarget(name: "SteppingUp", dependencies: ["SteppingUpKit", "ExampleTerminal", "Reflow"], path: "Examples/SteppingUp/Main",
                          swiftSettings: strict),
        .target(name: "TableAndCollectionKit", dependencies: ["Reflow", "ExampleTerminal", "ReflowDevtools"], path: "Examples/TableAndCollection/TableAndCollectionKit", swiftSettings: strict),
        .executableTarget(name: "TableAndCollection", dependencies: ["TableAndCollectionKit", "ExampleTerminal", "Reflow", "ReflowDevtools"], path: "Examples/TableAndCollection/Main",
                          swiftSettings: strict),
        .target(name: "LoginKit", dependencies: ["Reflow", "ExampleTerminal"], path: "Examples/Login/LoginKit", swiftSettings: strict),
        // A SwiftUI app's state, reducer and views; the views build where SwiftUI is.
        .target(name: "NotesKit", dependencies: ["Reflow"], path: "Examples/Notes/NotesKit", swiftSettings: strict),
        .executableTarget(name: "Login", dependencies: ["LoginKit", "ExampleTerminal", "Reflow"], path: "Examples/Login/Main",
                          swiftSettings: strict),
        // Written as a ReSwift app is (ReSwift code spells `Action`, not `any Action`), to show
        // that it builds with only its imports changed: Swift 6 mode, without ExistentialAny.
        .executableTarget(name: "ReSwiftTodo", dependencies: ["Reflow", "ReflowReSwift"], path: "Examples/ReSwiftTodo",
                          exclude: ["README.md"]),
        // One dispatch of each kind the Architecture article counts, run with coverage by
        // .ci/walk-count to list the files it runs code in.
        .executableTarget(name: "WalkCount", dependencies: ["Reflow", "ReflowDevtools"], path: "Benchmarks/WalkCount", swiftSettings: strict),
        .executableTarget(name: "ReflowBenchmarks", dependencies: ["Reflow", "ReflowReSwift", "ReflowDevtools"], path: "Benchmarks/ReflowBenchmarks", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

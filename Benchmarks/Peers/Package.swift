// swift-tools-version:6.0
// The same scenarios through Reflow and its peers, by their public APIs: ReSwift,
// ReactorKit (on RxSwift) and ReRxSwift's connection (ReSwift plus RxSwift's relays, as
// ReRxSwift builds it). Not part of Reflow's build or CI; see README.md.
import PackageDescription

let package = Package(
    name: "PeersBenchmark",
    platforms: [.macOS("13.3"), .iOS("16.4")],
    dependencies: [
        .package(name: "Reflow", path: "../.."),
        .package(url: "https://github.com/ReSwift/ReSwift.git", from: "6.1.0"),
        .package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.9.0"),
        .package(url: "https://github.com/ReactorKit/ReactorKit.git", from: "3.2.0"),
    ],
    targets: [
        .executableTarget(
            name: "PeersBenchmark",
            dependencies: [
                .product(name: "Reflow", package: "Reflow"),
                .product(name: "ReSwift", package: "ReSwift"),
                .product(name: "RxSwift", package: "RxSwift"),
                .product(name: "RxRelay", package: "RxSwift"),
                .product(name: "ReactorKit", package: "ReactorKit"),
            ],
            // The peers are Swift 5 libraries; their users' code is written in that mode.
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)

import Foundation

/// Finds the executables SwiftPM builds beside the test bundle, on each platform's layout.
///
/// - Linux: the tests are one executable, `.build/<config>/ReflowPackageTests.xctest`, in
///   the products directory; `argv[0]` is that executable.
/// - macOS: the tests are a bundle, `.build/<config>/ReflowPackageTests.xctest`, loaded by a
///   runner that lives in the toolchain (`xctest`, `swiftpm-testing-helper`), so `argv[0]`
///   and `Bundle.main` point there; the bundle that holds this class is in the products
///   directory.
///
/// `REFLOW_PRODUCTS_DIR` overrides both, for runners with another layout.
public enum BuiltProducts {
    /// The directories searched, most specific first.
    public static var candidateDirectories: [URL] {
        var directories: [URL] = []
        if let override = ProcessInfo.processInfo.environment["REFLOW_PRODUCTS_DIR"] {
            directories.append(URL(fileURLWithPath: override))
        }
        // The .xctest bundle (macOS), or the test executable's own bundle (Linux).
        directories.append(Bundle(for: Marker.self).bundleURL.deletingLastPathComponent())
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        if let main = Bundle.main.executableURL { directories.append(main.deletingLastPathComponent()) }
        return directories
    }

    /// The built executable named `name`, or `nil` when it was not built.
    ///
    /// - Parameter name: The product's name, as in `Package.swift`.
    /// - Returns: Its file URL.
    public static func executable(named name: String) -> URL? {
        candidateDirectories.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The package's root directory, from this file's place in it.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private final class Marker {}
}

import Foundation
import Testing

/// No public type of a library product has the name of a type that an app's files see on
/// Apple platforms: such a name is ambiguous in every file that imports both modules
/// (`Selector` beside Foundation, `Subscription` beside SwiftUI). Linux has neither
/// ObjectiveC nor Combine, so only this list catches a clash here.
///
/// The public names come from the API baseline (`api/*.txt`), which CI checks against the
/// compiled modules, so a new public type is listed there before it can pass CI.
@Suite struct PublicNameClashTests {
    private static let apiDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("api")

    /// ReSwift's own public names that ReflowReSwift keeps, so that a ReSwift app compiles
    /// with only its imports changed. Not an exemption for Reflow's names: Reflow and
    /// ReflowTesting have none, and a ReSwift app met this clash with ReSwift already.
    private static let reSwiftsOwnNames: Set<String> = ["ReflowReSwift.Subscription"]

    /// The top-level type names a baseline file lists.
    static func topLevelTypeNames(in module: String) throws -> [String] {
        let listing = try String(contentsOf: apiDirectory.appendingPathComponent("\(module).txt"), encoding: .utf8)
        let declarationKinds = ["struct ", "class ", "enum ", "protocol ", "typealias ", "actor "]
        return listing.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let path = line[..<colon]
            let declaration = line[line.index(after: colon)...]
            guard !path.contains("."), declarationKinds.contains(where: { declaration.contains($0) }) else { return nil }
            return String(path)
        }
    }

    @Test(arguments: ["Reflow", "ReflowTesting", "ReflowReSwift"])
    func publicTypeNames_equalNoAppleFrameworkType(module: String) throws {
        let names = try Self.topLevelTypeNames(in: module)
        #expect(names.count > 5, "the baseline of \(module) lists too few types; is api/\(module).txt there?")
        for name in names where !Self.reSwiftsOwnNames.contains("\(module).\(name)") {
            for (framework, frameworkNames) in AppleFrameworkTypeNames.byModule where frameworkNames.contains(name) {
                Issue.record("\(module).\(name) has the name of \(framework).\(name); choose a name that explains itself.")
            }
            for prefix in AppleFrameworkTypeNames.reservedPrefixes
            where name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true {
                Issue.record("\(module).\(name) starts with \(prefix), a prefix of Apple's frameworks.")
            }
        }
    }

    @Test func theListCatchesTheNamesRenamedFor1_0() {
        let all = AppleFrameworkTypeNames.byModule.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(all.contains("Selector") && all.contains("Subscription"))
        #expect(!all.contains("MemoizedSelector") && !all.contains("SubscriptionHandle"))
    }
}

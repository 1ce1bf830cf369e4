import Foundation

// swift run -c release ReflowBenchmarks [scenario…] [--json FILE] [--svg DIR] [--smoke]
// swift run ReflowBenchmarks --debug-section [--release-json FILE] [--smoke]   (see DebugSection.swift)
//
// Scenarios: s1 s2 e s3 s3x s4 s5 s6 s7 s7f s8 s9 v1 v2 v3 v4 c1 p1 r rh r3h n1 d1 d2 (r1 and r2 alone: r1, r2; default: all). Each is timed several times
// (min and median, ns per operation) against two baselines measured in the same run:
// "limit", the same reducer called directly on inout state, and "naive", a store written
// the way ReSwift works.

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}
let jsonPath = option("--json")
let svgDirectory = option("--svg")
let releaseJSONPath = option("--release-json")
let smoke = arguments.contains("--smoke")
let debugSection = arguments.contains("--debug-section")
arguments.removeAll { $0 == "--smoke" || $0 == "--debug-section" }
let selected = debugSection ? debugSectionScenarios : Set(arguments.map { $0.lowercased() })
@MainActor func wants(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

/// Smoke runs use small counts so CI checks that every scenario still runs.
@MainActor func scaled(_ full: Int) -> Int {
    smoke ? max(full / 1_000, 10) : debugSection ? debugScaled(full) : full
}

#if DEBUG
let buildName = "debug build"
#else
let buildName = "release build"
#endif

@MainActor
func runBenchmarks() throws {
    var harness = Harness(repetitions: smoke ? 1 : 5)
    print(smoke ? "Reflow benchmarks (smoke run: small counts, numbers mean nothing)" : "Reflow benchmarks (\(buildName))")
    print(Table.header)
    var svgs: [String: String] = [:]

    if wants("s1") { harness.s1(scaled(1_000_000)) }
    if wants("s2") { harness.s2(scaled(20_000)) }
    if wants("e") { harness.effects(scaled(1_000_000)) }
    for only in ["e1", "e2", "t1"] where selected.contains(only) { harness.effects(scaled(1_000_000), only: only) }
    if wants("s3") {
        harness.s3(scaled(20_000))
        var reflowPoints: [(x: Double, y: Double)] = []
        var naivePoints: [(x: Double, y: Double)] = []
        for subscribers in [10, 100, 1_000, 10_000] {
            let result = harness.s3(scaled(subscribers >= 10_000 ? 2_000 : 20_000), subscribers: subscribers, recordRows: false)
            reflowPoints.append((Double(subscribers), result.reflow / 1_000))
            naivePoints.append((Double(subscribers), result.naive / 1_000))
        }
        svgs["s3-subscribers.svg"] = SVGChart(
            title: "S3: one value changes per dispatch", xLabel: "subscribers (log scale)", yLabel: "µs per dispatch",
            series: [("Reflow", reflowPoints), ("naive (ReSwift-style)", naivePoints)], logX: true
        ).render()
    }
    if wants("s3x") {
        var points: [(x: Double, y: Double)] = []
        for entities in [10, 1_000, 10_000] {
            points.append((Double(entities), harness.s3x(scaled(20_000), entities: entities)))
        }
        let ratio = points.last!.y / points.first!.y
        print("S3x scaling: 10,000 entities / 10 entities = \(Table.format1(ratio))×")
        svgs["s3x-entities.svg"] = SVGChart(
            title: "S3x: one entity changes per dispatch", xLabel: "entities, one subscription each (log scale)",
            yLabel: "ns per dispatch", series: [("Reflow EntityCollection", points)], logX: true
        ).render()
    }
    if wants("s4") {
        let count = scaled(100_000)
        let chunks = harness.s4(count, naiveCount: scaled(30_000))
        svgs["s4-append.svg"] = SVGChart(
            title: "S4: append to an array in state", xLabel: "array size", yLabel: "ns per append",
            series: [("Reflow", chunks.enumerated().map { (Double(($0.offset + 1) * count / 10), $0.element) })]
        ).render()
    }
    if wants("s5") { harness.s5(smoke ? 1_000 : 100_000) }
    if wants("s6") {
        harness.s6(existing: 1_000, cancels: smoke ? 10 : 500)
        harness.s6(existing: 10_000, cancels: smoke ? 10 : debugSection ? 500 : 5_000)
    }
    if wants("s7") { harness.s7(scaled(20_000)) }
    if wants("s8") { harness.s8(scaled(20_000)) }
    if wants("s7f") { harness.s7Fields(scaled(20_000)) }
    if wants("s9") { harness.s9(scaled(20_000)) }
    if wants("rh") { harness.hostedReactors(scaled(1_000_000), subscribedCount: scaled(20_000)) }
    if wants("r3h") { harness.r3h(scaled(200_000)) }
    if wants("n1") { harness.n1(scaled(200_000)) }
    if wants("v1") { harness.v1() }
    if wants("v2") { harness.v2(smoke ? 2 : 50) }
    if wants("v3") { harness.v3(scaled(20_000)) }
    if wants("v4") { harness.v4(scaled(200_000)) }
    if wants("c1") { harness.c1(scaled(200_000)) }
    if wants("p1") { harness.p1(scaled(200_000)) }
    if wants("d2") { harness.d2(scaled(20_000)) }
    if wants("r") || wants("r1") || wants("r2") {
        harness.reactors(scaled(1_000_000), subscribedCount: scaled(20_000), r1: wants("r") || wants("r1"), r2: wants("r") || wants("r2"))
    }

    print("(blackHole \(blackHole % 10))")
    if let jsonPath {
        try Table.json(harness.rows).write(toFile: jsonPath, atomically: true, encoding: .utf8)
        print("wrote \(jsonPath)")
    }
    // The app's own share of the rows that run a pass over many members (DebugFloors.swift);
    // measured in every debug-section run, so that CI's smoke run keeps it working.
    let floors = debugSection ? harness.debugFloors(scaled(20_000)) : [:]
    if debugSection, let releaseJSONPath {
        let met = try DebugSection.compare(harness.rows, floors: floors, withReleaseJSON: releaseJSONPath)
        print(met ? "debug section: every target met" : "debug section: some targets not met")
    }
    if let svgDirectory {
        try FileManager.default.createDirectory(atPath: svgDirectory, withIntermediateDirectories: true)
        for (name, svg) in svgs {
            try svg.write(toFile: svgDirectory + "/" + name, atomically: true, encoding: .utf8)
            print("wrote \(svgDirectory)/\(name)")
        }
    }
}

do {
    try await MainActor.run { try runBenchmarks() }
    // D1 awaits HTTP replies while the main thread stays free: it runs outside the table.
    if wants("d1") { try await inspectorLoadScenario(entries: smoke ? 50 : 1_000, rounds: smoke ? 1 : 7) }
} catch {
    print("ReflowBenchmarks: \(error)")
    exit(1)
}

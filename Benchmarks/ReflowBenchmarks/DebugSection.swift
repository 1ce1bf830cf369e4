import Foundation

// The debug section: what an app's debug build of Reflow costs. An app builds its
// dependencies with -Onone in debug, so the scenarios a screen meets most (S1, S2, S3, S6,
// S7, R1) run here in a debug build of this executable and are compared with the same rows
// of a release run, row by row:
//
//   swift run -c release ReflowBenchmarks s1 s2 s3 s6 s7 r1 --json .build/release-rows.json
//   swift run ReflowBenchmarks --debug-section --release-json .build/release-rows.json
//
// Targets: every row within 15× of its release row; cancelling one subscription of 1,000
// and of 10,000 within 5 µs.

/// The scenarios of the debug section.
let debugSectionScenarios: Set<String> = ["s1", "s2", "s3", "s6", "s7", "r1"]

/// Counts of the debug section: a tenth of the release run's (a debug build is 10–50×
/// slower; the rows still run long enough to be timed well).
@MainActor func debugScaled(_ full: Int) -> Int { max(full / 10, 10) }

/// One row of a release run's JSON.
struct ReleaseRow: Decodable {
    var scenario: String
    var median_ns: Double
}

enum DebugSection {
    /// The debug/release ratio each row must stay within, and the cancel rows' limit.
    static let ratioTarget = 15.0
    static let cancelTargetNanoseconds = 5_000.0

    /// Compares `rows` (this debug run) with the release run in `releaseJSON`; prints the
    /// table and returns whether every target is met. `floors` are the app's own share of
    /// some rows (see DebugFloors.swift), measured in this run.
    static func compare(_ rows: [Row], floors: [String: Measurement], withReleaseJSON path: String) throws -> Bool {
        let release = try JSONDecoder().decode([ReleaseRow].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let releaseByScenario = Dictionary(release.map { ($0.scenario, $0.median_ns) }, uniquingKeysWith: { first, _ in first })
        print("")
        print("| scenario | debug median | release median | debug ÷ release | target | met | the app's own code alone, debug | its ÷ release |")
        print("|---|---:|---:|---:|---|---|---:|---:|")
        var allMet = true
        for row in rows {
            let debug = row.reflow.median
            let isCancel = row.scenario.hasPrefix("S6")
            guard let releaseMedian = releaseByScenario[row.scenario] else {
                print("| \(row.scenario) | \(Table.format1(debug)) ns | – | – | – | no release row | | |")
                continue
            }
            let ratio = debug / releaseMedian
            let met = isCancel ? debug <= cancelTargetNanoseconds : ratio <= ratioTarget
            allMet = allMet && met
            let target = isCancel ? "≤ 5 µs" : "≤ \(Int(ratioTarget))×"
            let floor = floors[row.scenario].map { floor in
                "\(Table.format1(floor.median)) ns | \(Table.format1(floor.median / releaseMedian))×"
            } ?? "– | –"
            print("| \(row.scenario) | \(Table.format1(debug)) ns | \(Table.format1(releaseMedian)) ns | "
                  + "\(Table.format1(ratio))× | \(target) | \(met ? "yes" : "**no**") | \(floor) |")
        }
        return allMet
    }
}

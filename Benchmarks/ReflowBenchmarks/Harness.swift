/// Times a body several times and keeps the minimum and median per operation.
struct Measurement {
    var minimum: Double
    var median: Double
}

struct Row {
    var scenario: String
    var operations: Int
    var reflow: Measurement
    var limit: Measurement?
    var naive: Measurement?
    var note: String = ""
}

@MainActor
struct Harness {
    var repetitions: Int
    var rows: [Row] = []
    /// V1's invalidation counts (property by property, whole props), when it ran.
    var v1Counts: (perProperty: Int, whole: Int)?

    /// Runs `body` (which performs `operations` operations) `repetitions` times, after one
    /// warm-up, and returns nanoseconds per operation.
    func measure(operations: Int, _ body: () -> Void) -> Measurement {
        let clock = ContinuousClock()
        body()
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let elapsed = clock.measure(body)
            samples.append(elapsed.nanoseconds / Double(operations))
        }
        samples.sort()
        return Measurement(minimum: samples[0], median: samples[samples.count / 2])
    }

    /// Runs `first` and `second` in alternating rounds (three times `repetitions` each,
    /// after a warm-up of each), for a row whose point is the ratio of the two: a machine
    /// that slows down meanwhile slows both alike.
    func measureAlternating(operations: Int, _ first: () -> Void, _ second: () -> Void) -> (Measurement, Measurement) {
        let clock = ContinuousClock()
        first()
        second()
        var samples: ([Double], [Double]) = ([], [])
        for _ in 0..<(3 * repetitions) {
            samples.0.append(clock.measure(first).nanoseconds / Double(operations))
            samples.1.append(clock.measure(second).nanoseconds / Double(operations))
        }
        func summary(_ values: [Double]) -> Measurement {
            let sorted = values.sorted()
            return Measurement(minimum: sorted[0], median: sorted[sorted.count / 2])
        }
        return (summary(samples.0), summary(samples.1))
    }

    mutating func record(_ row: Row) {
        rows.append(row)
        print(Table.line(row))
    }
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

enum Table {
    static let header = """
        | scenario | ops | Reflow min | Reflow median | limit | naive | × limit | × naive | note |
        |---|---:|---:|---:|---:|---:|---:|---:|---|
        """

    static func line(_ row: Row) -> String {
        func ns(_ value: Double?) -> String {
            guard let value else { return "–" }
            return value >= 100 ? String(Int(value.rounded())) + " ns" : String(format1(value)) + " ns"
        }
        func ratio(_ base: Double?) -> String {
            guard let base, base > 0 else { return "–" }
            return format1(row.reflow.median / base) + "×"
        }
        return "| \(row.scenario) | \(row.operations) | \(ns(row.reflow.minimum)) | \(ns(row.reflow.median)) | "
            + "\(ns(row.limit?.median)) | \(ns(row.naive?.median)) | \(ratio(row.limit?.median)) | \(ratio(row.naive?.median)) | \(row.note) |"
    }

    static func format1(_ value: Double) -> String {
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }

    static func json(_ rows: [Row]) -> String {
        let items = rows.map { row in
            """
              {"scenario": "\(row.scenario)", "operations": \(row.operations), \
            "min_ns": \(row.reflow.minimum), "median_ns": \(row.reflow.median), \
            "limit_ns": \(row.limit.map { "\($0.median)" } ?? "null"), \
            "naive_ns": \(row.naive.map { "\($0.median)" } ?? "null"), "note": "\(row.note)"}
            """
        }
        return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}

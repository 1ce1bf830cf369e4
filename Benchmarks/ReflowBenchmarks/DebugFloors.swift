import Reflow

// The app's own share of a debug row: the work the user's code does per subscriber in a
// scenario (its selector or mapping closure, its `==`, its sink), written as the plainest
// loop there is, with no store and no library: a `while` over buffer pointers. Built
// `-Onone` with the rest of this executable, it is the least a debug build of any store
// can cost for that row, and the debug section prints it beside the row. When this floor
// alone is more than 15× the row's release time, no library can bring that row within 15×.

/// How the app's work in a floor reads each subscriber's value.
enum FloorReading {
    /// Through a closure of the app's, as `subscribe(_:)` and `mapStateToProps` take.
    case closures
    /// `state.values[index]`, as `subscribe(_:at:)` and `slice:at:` read it.
    case arrayAndIndex
}

extension Harness {
    /// S3's per-dispatch work without a store: the reducer, then for each of `subscribers`
    /// values, a read (by the app's closure, or at its index), a comparison with the last
    /// value, and the sink when it changed.
    func s3Floor(_ count: Int, subscribers: Int = 1_000, reading: FloorReading) -> Measurement {
        let initial = ValuesState(values: Array(repeating: 0, count: subscribers))
        return measure(operations: count) {
            var state = initial
            var sink = 0
            let selectors = ContiguousArray((0..<subscribers).map { index in { (state: ValuesState) in state.values[index] } })
            var last = ContiguousArray(repeating: 0, count: subscribers)
            let sinks = ContiguousArray((0..<subscribers).map { _ in { (value: Int) in sink &+= value } })
            let byClosure = reading == .closures
            for index in 0..<count {
                valuesReducer.reduce(&state, BumpValue(index: index % subscribers))
                selectors.withUnsafeBufferPointer { selectors in
                    sinks.withUnsafeBufferPointer { sinks in
                        last.withUnsafeMutableBufferPointer { last in
                            var subscriber = 0
                            while subscriber < subscribers {
                                let value = byClosure ? selectors[subscriber](state) : state.values[subscriber]
                                if value != last[subscriber] {
                                    last[subscriber] = value
                                    sinks[subscriber](value)
                                }
                                subscriber += 1
                            }
                        }
                    }
                }
            }
            blackHole &+= sink
        }
    }

    /// S7's per-dispatch work without a store: the reducer, then for each of `connections`
    /// connections, a comparison and, when it changed, new props and its binding's sink.
    /// By closure, the app's `mapStateToProps` makes props that are compared with the ones
    /// the connection holds; at an index, as `slice:at:` does, the element is compared with
    /// the one last read, and only a changed one is mapped to props.
    func s7Floor(_ count: Int, connections: Int = 1_000, reading: FloorReading) -> Measurement {
        let initial = ValuesState(values: Array(repeating: 0, count: connections))
        return measure(operations: count) {
            var state = initial
            var sink = 0
            let maps = ContiguousArray((0..<connections).map { index in
                { (state: ValuesState) in SliceProps(value: state.values[index]) }
            })
            let mapSlice = { (value: Int) in SliceProps(value: value) }
            var props = ContiguousArray(repeating: SliceProps(value: 0), count: connections)
            var slices = ContiguousArray(repeating: 0, count: connections)
            let sinks = ContiguousArray((0..<connections).map { _ in { (value: Int) in sink &+= value } })
            let byClosure = reading == .closures
            for index in 0..<count {
                valuesReducer.reduce(&state, BumpValue(index: index % connections))
                maps.withUnsafeBufferPointer { maps in
                    sinks.withUnsafeBufferPointer { sinks in
                        props.withUnsafeMutableBufferPointer { props in
                            slices.withUnsafeMutableBufferPointer { slices in
                                var connection = 0
                                while connection < connections {
                                    if byClosure {
                                        let new = maps[connection](state)
                                        if new != props[connection] {
                                            props[connection] = new
                                            sinks[connection](new.value)
                                        }
                                    } else {
                                        let slice = state.values[connection]
                                        if slice != slices[connection] {
                                            slices[connection] = slice
                                            props[connection] = mapSlice(slice)
                                            sinks[connection](props[connection].value)
                                        }
                                    }
                                    connection += 1
                                }
                            }
                        }
                    }
                }
            }
            blackHole &+= sink
        }
    }

    /// The floors of the debug section's rows that run a pass over many members, by the
    /// rows' scenario names.
    func debugFloors(_ count: Int) -> [String: Measurement] {
        [
            Harness.s3RowName(subscribers: 1_000, variant: "closures"): s3Floor(count, reading: .closures),
            Harness.s3RowName(subscribers: 1_000, variant: "array and index"): s3Floor(count, reading: .arrayAndIndex),
            Harness.s7RowName(connections: 1_000, variant: "mapStateToProps"): s7Floor(count, reading: .closures),
            Harness.s7RowName(connections: 1_000, variant: "slice at index"): s7Floor(count, reading: .arrayAndIndex),
        ]
    }

    /// The name of an S3 row, shared by the row and its floor.
    static func s3RowName(subscribers: Int, variant: String) -> String {
        "S3 \(subscribers) values, 1 changes (\(variant))"
    }

    /// The name of an S7 row, shared by the row and its floor.
    static func s7RowName(connections: Int, variant: String) -> String {
        "S7 \(connections) connections, 1 slice changes (\(variant))"
    }
}

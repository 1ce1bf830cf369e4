import Observation
import Reflow

/// V1–V3: the view faces. V1 counts Observation invalidations (a count, not a time);
/// V2 times list diffing against the standard library's `CollectionDifference`; V3 times
/// 1,000 connections that read a derived value, computed per connection and through one
/// shared `MemoizedSelector`.
struct FieldsState: Equatable {
    var fields: [Int]
}

struct BumpField: Action {
    var index: Int
}

let fieldsReducer = Reducer<FieldsState>.on(BumpField.self) { state, action in state.fields[action.index] += 1 }

/// A counter `withObservationTracking`'s `@Sendable` onChange may touch.
final class InvalidationCounter: @unchecked Sendable {
    // @unchecked: the benchmark is single-threaded; onChange runs on the main actor here.
    var count = 0
}

struct FieldsProps: Equatable {
    var fields: [Int]
}

struct ListRow: Identifiable, Equatable {
    var id: Int
    var title: String
}

extension Harness {
    /// V1: `views` views, view *i* reading field *i*, over `dispatches` dispatches that
    /// each change one field; SwiftUI re-reads a view after each invalidation.
    mutating func v1(views: Int = 100, dispatches: Int = 1_000) {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        func run(perProperty: Bool) -> Int {
            let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: views)))
            let model = ObservableProps(Connection(store: store, mapStateToProps: { FieldsProps(fields: $0.fields) },
                                                   mapDispatchToActions: { _ in () }))
            let counter = InvalidationCounter()
            func render(_ view: Int) {
                withObservationTracking {
                    if perProperty { blackHole &+= model[\.fields[view]] } else { blackHole &+= model.props.fields[view] }
                } onChange: {
                    counter.count += 1
                }
            }
            var stale = Set<Int>()
            for view in 0..<views { render(view) }
            for dispatch in 0..<dispatches {
                let before = counter.count
                store.dispatch(BumpField(index: (dispatch * 7) % views))
                if counter.count != before {
                    // Re-render what was invalidated (every view, for the whole-props face).
                    stale = perProperty ? [(dispatch * 7) % views] : Set(0..<views)
                    for view in stale { render(view) }
                }
            }
            return counter.count
        }
        /// The macOS 13 / iOS 16 path: one `objectWillChange` send re-renders every view
        /// that observes the face.
        func runOnWillChangePath() -> Int {
            let store = Store(reducer: fieldsReducer, state: FieldsState(fields: Array(repeating: 0, count: views)))
            FaceNotification.forcesWillChange = true
            let model = ObservableProps(Connection(store: store, mapStateToProps: { FieldsProps(fields: $0.fields) },
                                                   mapDispatchToActions: { _ in () }))
            FaceNotification.forcesWillChange = false
            for view in 0..<views { blackHole &+= model[\.fields[view]] }
            for dispatch in 0..<dispatches { store.dispatch(BumpField(index: (dispatch * 7) % views)) }
            return model.willChange.sentCount * views
        }
        let perProperty = run(perProperty: true)
        let whole = run(perProperty: false)
        let willChange = runOnWillChangePath()
        print("V1 \(views) views reading one field each, \(dispatches) dispatches: "
              + "\(perProperty) invalidations property by property, \(whole) through whole props "
              + "(\(Table.format1(Double(whole) / Double(max(perProperty, 1))))× fewer), "
              + "\(willChange) on the macOS 13 / iOS 16 path (objectWillChange)")
        v1Counts = (perProperty, whole)
    }

    /// V2: diffing `rows` rows with 10 changes (an update, an insertion, a removal and
    /// moves) by identity, against `CollectionDifference` over the same arrays.
    mutating func v2(_ count: Int, rows: Int = 10_000) {
        let old = (0..<rows).map { ListRow(id: $0, title: "row \($0)") }
        var new = old
        new[10].title = "changed"
        new[500].title = "changed"
        new.insert(ListRow(id: rows, title: "new"), at: 42)
        new.remove(at: 7_000)
        new.swapAt(100, 9_000)
        new.swapAt(2_000, 3_000)
        new.append(ListRow(id: rows + 1, title: "last"))
        let standard = measure(operations: count) {
            for _ in 0..<count { blackHole &+= new.difference(from: old).count }
        }
        let reflow = measure(operations: count) {
            for _ in 0..<count { blackHole &+= ListChanges.between(old, new).moved.count }
        }
        record(Row(scenario: "V2 diff \(rows) rows with 10 changes by identity (ListChanges)",
                   operations: count, reflow: reflow, limit: standard,
                   note: "limit column: the standard library's CollectionDifference (by ==, no moves)"))
    }

    /// V4: an `ObservableProps` whose view reads eleven properties of its props (stored,
    /// one of them a `String`); each dispatch changes one. Per dispatch: the mapping, and
    /// the comparison of every read property to tell which readers to invalidate.
    mutating func v4(_ count: Int) {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let reflow = measure(operations: count) {
            let store = Store(reducer: profileFieldsReducer, state: ProfileFields())
            let model = ObservableProps(Connection(store: store, mapStateToProps: { $0 }, mapDispatchToActions: { _ in () }))
            withObservationTracking {
                blackHole &+= model.a + model.b + model.c + model.d + model.e + model.f + model.g + model.h + model.i + model.j
                blackHole &+= model.title.count
            } onChange: {}
            for index in 0..<count { store.dispatch(BumpField(index: index % 10)) }
            blackHole &+= model.a
        }
        record(Row(scenario: "V4 ObservableProps, 11 properties read, 1 changes", operations: count, reflow: reflow))
    }

    /// V3: S7-all with a derived value: 1,000 connections all read the three largest
    /// fields (a sort of 100 values; each dispatch changes a field, so the input changes);
    /// derived in each connection's mapping, or through one shared `MemoizedSelector`.
    mutating func v3(_ count: Int, connections: Int = 1_000, fields: Int = 100) {
        let initial = FieldsState(fields: Array(repeating: 0, count: fields))
        func run(shared: Bool) -> Measurement {
            measure(operations: count) {
                let store = Store(reducer: fieldsReducer, state: initial)
                let topThree = MemoizedSelector(MemoizedSelector(\FieldsState.fields)) { Array($0.sorted(by: >).prefix(3)) }
                var sink = 0
                let all = (0..<connections).map { _ in
                    let connection = shared
                        ? Connection(store: store, mapStateToProps: { topThree($0) }, mapDispatchToActions: { _ in () })
                        : Connection(store: store, mapStateToProps: { Array($0.fields.sorted(by: >).prefix(3)) },
                                     mapDispatchToActions: { _ in () })
                    connection.bind(\.self) { sink &+= $0[0] }
                    connection.connect()
                    return connection
                }
                for index in 0..<count { store.dispatch(BumpField(index: index % fields)) }
                blackHole &+= sink + all.count
            }
        }
        let perConnection = run(shared: false)
        let shared = run(shared: true)
        record(Row(scenario: "V3 \(connections) connections read the top 3 of \(fields) fields, one shared MemoizedSelector",
                   operations: count, reflow: shared, limit: perConnection,
                   note: "limit column: each connection derives it itself"))
    }
}

/// V4's props: ten counters and a title, read one by one by a view.
struct ProfileFields: Equatable {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0
    var title = "Profile"
}

let profileFieldsReducer = Reducer<ProfileFields>.on(BumpField.self) { fields, action in
    switch action.index {
    case 0: fields.a += 1
    case 1: fields.b += 1
    case 2: fields.c += 1
    case 3: fields.d += 1
    case 4: fields.e += 1
    case 5: fields.f += 1
    case 6: fields.g += 1
    case 7: fields.h += 1
    case 8: fields.i += 1
    default: fields.j += 1
    }
}

import Reflow

// S8 (beyond the list): slices that scoped reducers own. Ten feature slices of ten
// Int fields; 1,000 key-path subscriptions, ten per field; each dispatch is handled by the
// scoped reducer of one feature. The store skips the key paths of the nine other features.

struct Feature { var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0 }

struct FeaturesState {
    var f0 = Feature(), f1 = Feature(), f2 = Feature(), f3 = Feature(), f4 = Feature()
    var f5 = Feature(), f6 = Feature(), f7 = Feature(), f8 = Feature(), f9 = Feature()
}

/// Bumps field `a` of one feature; `Tag` makes each feature's action a type of its own.
struct BumpFeature<Tag>: Action {}
enum T0 {}; enum T1 {}; enum T2 {}; enum T3 {}; enum T4 {}
enum T5 {}; enum T6 {}; enum T7 {}; enum T8 {}; enum T9 {}

@MainActor let featureSlices: [WritableKeyPath<FeaturesState, Feature>] = [\.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9]
@MainActor let featureFields: [WritableKeyPath<Feature, Int>] = [\.a, \.b, \.c, \.d, \.e, \.f, \.g, \.h, \.i, \.j]
/// One action per feature, in `featureSlices` order.
@MainActor let featureActions: [any Action] = [
    BumpFeature<T0>(), BumpFeature<T1>(), BumpFeature<T2>(), BumpFeature<T3>(), BumpFeature<T4>(),
    BumpFeature<T5>(), BumpFeature<T6>(), BumpFeature<T7>(), BumpFeature<T8>(), BumpFeature<T9>(),
]

func featureReducer<Tag>(_: Tag.Type) -> Reducer<Feature> {
    .on(BumpFeature<Tag>.self) { feature, _ in feature.a += 1 }
}

/// Each feature's reducer scoped to its slice: the store knows what each action writes.
let scopedFeaturesReducer = Reducer<FeaturesState>.combine(
    featureReducer(T0.self).scope(\.f0), featureReducer(T1.self).scope(\.f1), featureReducer(T2.self).scope(\.f2),
    featureReducer(T3.self).scope(\.f3), featureReducer(T4.self).scope(\.f4), featureReducer(T5.self).scope(\.f5),
    featureReducer(T6.self).scope(\.f6), featureReducer(T7.self).scope(\.f7), featureReducer(T8.self).scope(\.f8),
    featureReducer(T9.self).scope(\.f9)
)

/// The same changes by one unscoped reducer: the store must assume any action writes anything.
let unscopedFeaturesReducer = Reducer<FeaturesState> { state, action in
    if let index = featureActions.firstIndex(where: { type(of: $0) == type(of: action) }) {
        state[keyPath: featureSlices[index]].a += 1
    }
}

@MainActor
extension Harness {
    mutating func s8(_ count: Int) {
        let limit = measure(operations: count) {
            var state = FeaturesState()
            for index in 0..<count { scopedFeaturesReducer.reduce(&state, featureActions[index % 10]) }
            blackHole &+= state.f0.a
        }
        func run(_ reducer: Reducer<FeaturesState>) -> Measurement {
            measure(operations: count) {
                let store = Store(reducer: reducer, state: FeaturesState())
                var sink = 0
                var subscriptions: [SubscriptionHandle] = []
                for slice in featureSlices {
                    for field in featureFields {
                        for _ in 0..<10 { subscriptions.append(store.subscribe(slice.appending(path: field)) { sink &+= $0 }) }
                    }
                }
                for index in 0..<count { store.dispatch(featureActions[index % 10]) }
                blackHole &+= sink + subscriptions.count
            }
        }
        let unscoped = run(unscopedFeaturesReducer)
        let scoped = run(scopedFeaturesReducer)
        record(Row(scenario: "S8 10 scoped slices, 1,000 key-path subscribers", operations: count, reflow: scoped, limit: limit,
                   note: "unscoped reducer: \(Table.format1(unscoped.median)) ns per dispatch (\(Table.format1(unscoped.median / scoped.median))× the scoped one)"))
    }
}

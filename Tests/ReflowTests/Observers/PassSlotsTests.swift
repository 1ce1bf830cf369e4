import Testing
@testable import ReflowCore
import ReflowUnsafe

/// What the groups' passes read memory through (the ReflowUnsafe module): a view of a
/// `ValueSlots` that checks every index and pins the storage while it is out, and a cast
/// that checks an object's exact class. Each would let a pass read memory it does not own
/// if its check were gone; the exit tests show each check stops the program with a message.
@MainActor
@Suite struct PassSlotsTests {
    @Test func aView_readsAndWritesTheSlots() {
        let slots = ValueSlots<Int>()
        for value in [10, 20, 30] { slots.append(value) }
        let read = slots.withPassView { view in
            view.set(21, at: 1)
            return (0..<view.count).map { view.value(at: $0) }
        }
        #expect(read == [10, 21, 30])
        #expect(slots[1] == 21)
        // The storage is free to grow again once the view is gone.
        slots.append(40)
        #expect(slots.count == 4)
    }

    /// Views nest (a selection pass holds two, a pass of one group runs inside another's
    /// `onChange`): each pins the storage, and the slots grow again only when the last
    /// one ends. With thousands of slots, every value written through the inner views is
    /// there after they end, and growing then moves the storage with every value kept.
    @Test func nestedViews_countBackDown_andKeepEveryValue() {
        let count = 4_000
        let first = ValueSlots<Int>()
        let second = ValueSlots<Bool>()
        for index in 0..<count {
            first.append(index)
            second.append(false)
        }
        let base = first.base
        first.withPassView { outer in
            second.withPassView { flags in
                first.withPassView { inner in
                    for index in stride(from: 0, to: count, by: 3) {
                        inner.set(inner.value(at: index) * 2, at: index)
                        flags.set(true, at: index)
                    }
                }
                #expect(first.passViews == 1)
                #expect(second.passViews == 1)
            }
            #expect(outer.value(at: 3) == 6)
        }
        #expect(first.passViews == 0)
        #expect(second.passViews == 0)
        #expect(first.base == base)
        let expected = (0..<count).map { $0 % 3 == 0 ? $0 * 2 : $0 }
        #expect((0..<count).map { first[$0] } == expected)
        #expect((0..<count).filter { second[$0] } == Array(stride(from: 0, to: count, by: 3)))
        // No view is out: the slots may grow again, and growing past the capacity moves them.
        for value in count..<(count * 2) { first.append(value) }
        #expect(first.base != base)
        #expect((0..<count).map { first[$0] } == expected)
    }

    /// The scan a key-path group makes for the members of changed selectors, against a
    /// filter of the same slots, over seeded random slots and flags.
    @Test func appendSlotsNamingSetFlags_matchesAFilter() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 200))) {
            var random = SeededRandom(seed: seed)
            let flagCount = Int.random(in: 1..<40, using: &random)
            let flags = (0..<flagCount).map { _ in random.chance(30) }
            let names = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
                random.chance(20) ? -1 : Int.random(in: 0..<flagCount, using: &random)
            }
            let flagSlots = ValueSlots<Bool>()
            for flag in flags { flagSlots.append(flag) }
            let nameSlots = ValueSlots<Int>()
            for name in names { nameSlots.append(name) }
            var chosen: ContiguousArray<Int> = [-7]  // appended to, not replaced
            nameSlots.appendSlots(namingSetFlagsOf: flagSlots, to: &chosen)
            let expected = [-7] + names.indices.filter { names[$0] >= 0 && flags[names[$0]] }
            #expect(Array(chosen) == expected, "seed \(seed)")
        }
    }

    @Test func exactClassCast_returnsTheSameObject() {
        let object: AnyObject = Box(value: 7)
        let box = ExactClass<Box>().cast(object)
        #expect(box === object)
        #expect(box.value == 7)
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func aViewReadPastItsSlots_stops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let slots = ValueSlots<Int>()
                slots.append(1)
                _ = slots.withPassView { $0.value(at: 1) }
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("a pass read slot 1 of 1"))
        }
    }

    @Test func slotsThatGrowWhileAViewIsOut_stop() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let slots = ValueSlots<Int>()
                slots.append(1)
                slots.withPassView { _ in slots.append(2) }
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("slots asked to grow during a pass"))
        }
    }

    @Test func slotsThatGrowAfterAnInnerViewEnds_stillStop() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let slots = ValueSlots<Int>()
                for value in 0..<4_000 { slots.append(value) }
                slots.withPassView { _ in
                    slots.withPassView { _ in }
                    slots.append(4_000)  // the outer view is still out
                }
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("slots asked to grow during a pass"))
        }
    }

    /// A selection pass checks its views' counts once, then reads them unchecked in an
    /// optimized build: a view of another length must stop the pass.
    @Test func aViewOfAnotherLength_stopsAtItsCountCheck() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let slots = ValueSlots<Int>()
                slots.append(1)
                slots.withPassView { $0.require(count: 2) }
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("expected 2 slots and found 1"))
        }
    }

    /// The member scan reads a flag per named slot without a check per read: a name past
    /// the flags stops it.
    @Test func aSlotNamingAMissingFlag_stopsTheScan() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let flags = ValueSlots<Bool>()
                flags.append(true)
                let names = ValueSlots<Int>()
                for name in [0, -1, 1] { names.append(name) }
                var chosen = ContiguousArray<Int>()
                names.appendSlots(namingSetFlagsOf: flags, to: &chosen)
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("slot 2 names flag 1 of 1"))
        }
    }

    /// The refresh reads every selector column at each selector's index after one check
    /// of their lengths: a column out of step with the others stops it, in a group of
    /// 1,000 selectors.
    @Test func aSelectorColumnOutOfStep_stopsTheRefresh() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let store = Store(reducer: Reducer<Fields>.on(SetField.self) { state, action in
                    state.values[action.index] = action.value
                }, state: Fields())
                let subscriptions = (0..<1_000).map { index in store.subscribe(\.values, at: index) { _ in } }
                guard let group = store.observers.newest as? KeyPathGroup<Fields, Int> else { return }
                group.changed.append(false)  // one more flag than selectors
                store.dispatch(SetField(index: 0, value: 1))
                _ = subscriptions
            }
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("selector columns are out of step"))
        }
    }

    @Test func exactClassCastOfAnotherClass_stops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ExactClass<OtherBox>().cast(Box(value: 1))
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("was read as a"))
        }
    }
#endif

    private struct Fields { var values = Array(repeating: 0, count: 1_000) }
    private struct SetField: Action { var index: Int; var value: Int }

    private final class Box {
        let value: Int
        init(value: Int) { self.value = value }
    }

    private final class OtherBox {}
}

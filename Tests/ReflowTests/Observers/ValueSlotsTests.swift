import Testing
@testable import Reflow
@testable import ReflowCore

/// `ValueSlots`, the groups' last values, written through a raw pointer: it must behave as
/// an `Array` of its values, keep its base while it neither grows nor shrinks, release
/// every value it drops or vacates, and move values past vacated slots when it grows.
@Suite struct ValueSlotsTests {
    /// How many `Tracked` values are alive, to catch one leaked or released twice.
    private final class LiveCount {
        var value = 0
    }

    private final class Tracked {
        let value: Int
        let live: LiveCount
        init(_ value: Int, _ live: LiveCount) {
            self.value = value
            self.live = live
            live.value += 1
        }
        deinit { live.value -= 1 }
    }

    @Test func randomOperations_matchAnArray() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 200))) {
            var random = SeededRandom(seed: seed)
            let slots = ValueSlots<Int?>()
            var model: [Int?] = []
            for _ in 0..<Int.random(in: 1..<80, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let value: Int? = random.chance(20) ? nil : Int.random(in: 0..<1_000, using: &random)
                    slots.append(value)
                    model.append(value)
                case 5..<8 where !model.isEmpty:
                    let index = Int.random(in: 0..<model.count, using: &random)
                    let value = Int.random(in: 0..<1_000, using: &random)
                    if random.chance(50) { slots[index] = value } else { slots.base[index] = value }
                    model[index] = value
                default:
                    let kept = Int.random(in: 0...model.count, using: &random)
                    slots.removeLast(from: kept)
                    model.removeSubrange(kept...)
                }
                #expect(slots.count == model.count, "seed \(seed)")
                #expect((0..<slots.count).map { slots[$0] } == model, "seed \(seed)")
            }
        }
    }

    @Test func base_staysPutUntilTheSlotsGrow() {
        let slots = ValueSlots<Int>()
        slots.append(1)
        let base = slots.base
        base[0] = 7  // a write through the base is the slot
        #expect(slots[0] == 7)
        slots.removeLast(from: 1)  // shrinking nothing keeps the base
        #expect(slots.base == base)
        for value in 2...64 { slots.append(value) }  // growing moves it, values kept
        #expect(slots.base != base)
        #expect((0..<slots.count).map { slots[$0] } == [7] + Array(2...64))
    }

    @Test func everyValue_isReleased_whenOverwrittenDroppedOrFreed() {
        let live = LiveCount()
        do {
            let slots = ValueSlots<Tracked?>()
            for value in 0..<40 { slots.append(Tracked(value, live)) }  // grows several times
            #expect(live.value == 40)
            slots[3] = nil
            slots.base[4] = Tracked(99, live)
            #expect(live.value == 39)
            slots.removeLast(from: 30)
            #expect(live.value == 29)
            #expect(slots[4]?.value == 99 && slots[29]?.value == 29)
        }
        #expect(live.value == 0)
    }

    /// A value that is not bitwise movable (it holds a weak reference), so growing must move
    /// it slot by slot, past the vacated ones.
    private struct WeaklyTracked {
        let tracked: Tracked
        weak var weakly: Tracked?
    }

    @Test func vacatedSlots_holdNoValue_refillAndMove_underRandomOperations() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 200))) {
            var random = SeededRandom(seed: seed)
            let live = LiveCount()
            do {
                let slots = ValueSlots<WeaklyTracked>()
                var model: [Int?] = []  // nil: vacated
                func make(_ value: Int) -> WeaklyTracked {
                    let tracked = Tracked(value, live)
                    return WeaklyTracked(tracked: tracked, weakly: tracked)
                }
                for _ in 0..<Int.random(in: 1..<80, using: &random) {
                    let value = Int.random(in: 0..<1_000, using: &random)
                    let index = model.isEmpty ? nil : Int.random(in: 0..<model.count, using: &random)
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<4:
                        slots.append(make(value))
                        model.append(value)
                    case 4..<6 where index != nil:
                        if model[index!] == nil { slots.refill(index!, with: make(value)) } else { slots.vacate(index!) }
                        model[index!] = model[index!] == nil ? value : nil
                    case 6..<8 where index != nil && model[index!] != nil:
                        slots.base[index!] = make(value)
                        model[index!] = value
                    case 8 where index != nil && model[index!] == nil:
                        // A compaction's move: a held value into the vacated slot.
                        guard let from = model.indices.filter({ model[$0] != nil }).randomElement(using: &random) else { break }
                        slots.move(from: from, to: index!)
                        model[index!] = model[from]
                        model[from] = nil
                    default:
                        let kept = Int.random(in: 0...model.count, using: &random)
                        slots.removeLast(from: kept)
                        model.removeSubrange(kept...)
                    }
                    #expect(slots.count == model.count, "seed \(seed)")
                    #expect(live.value == model.compactMap { $0 }.count, "seed \(seed): a vacated or dropped value is kept")
                    for (index, expected) in model.enumerated() {
                        #expect(slots.isVacated(index) == (expected == nil), "seed \(seed)")
                        if let expected {
                            #expect(slots[index].tracked.value == expected && slots[index].weakly === slots[index].tracked,
                                    "seed \(seed): slot \(index) after a move")
                        }
                    }
                }
            }
            #expect(live.value == 0, "seed \(seed): freed slots keep a value")
        }
    }

#if os(macOS) || os(Linux) || os(Windows)  // exit tests: not on iOS, tvOS, watchOS, visionOS
    @Test func aMoveOverAValue_stopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let slots = ValueSlots<Int>()
            slots.append(1)
            slots.append(2)
            slots.move(from: 0, to: 1)  // slot 1 holds a value
        }.map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("move slot 0 into slot 1 of 0..<2"))
        }
    }

    @Test func anIndexOutsideTheSlots_stopsWithItsRange() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let slots = ValueSlots<Int>()
            slots.append(1)
            _ = slots[1]
        }.map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("index 1 is outside 0..<1"))
        }
    }
#endif
}

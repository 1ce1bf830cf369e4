import Testing
@testable import Reflow
@testable import ReflowCore

/// `SlotTable`, the slots behind every observer table and group: numbers that stay valid
/// during a pass, holes, the lone slot kept in place, and compaction that says what moved.
/// Its invariants are checked after every step here.
@Suite struct SlotTableTests {
    private final class Entry: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    /// Entries by id, kept alive for the table (which holds them unretained), with the
    /// slot each one was told it is in.
    private struct Owner {
        var table = SlotTable<Entry>()
        var entries: [Int: Entry] = [:]
        var slotOf: [Int: Int] = [:]

        mutating func append(_ id: Int) -> Int {
            let entry = Entry(id)
            entries[id] = entry
            let slot = table.append(.passUnretained(entry))
            slotOf[id] = slot
            return slot
        }

        mutating func vacate(_ id: Int) -> Bool {
            guard let slot = slotOf[id], let vacated = table.vacate(slot) else { return false }
            #expect(vacated.takeUnretainedValue().id == id)
            slotOf[id] = nil
            return true
        }

        mutating func compact() {
            var moves = slotOf
            table.compactIfWorthIt { entry, from, to in
                let id = entry.takeUnretainedValue().id
                #expect(moves[id] == from)
                moves[id] = to
            }
            slotOf = moves
        }

        /// The ids a pass over the first `end` slots visits, in order.
        func visited(upTo end: Int? = nil) -> [Int] {
            var ids: [Int] = []
            table.forEach(upTo: end ?? table.count) { ids.append($0.id) }
            return ids
        }

        /// The ids a pass over `chosen` slots visits, in order.
        func visited(inSlots chosen: [Int]) -> [Int] {
            var ids: [Int] = []
            table.forEach(inSlots: ContiguousArray(chosen)) { ids.append($0.id) }
            return ids
        }

        func check() {
            let slotOf = self.slotOf
            table.checkInvariants("SlotTableTests") { slotOf[$0.id] ?? -1 }
        }
    }

    @Test func slotsAreNumberedInOrder_andTheFormFollowsTheCount() {
        var owner = Owner()
        guard case .none = owner.table.storage else { Issue.record("an empty table has storage"); return }
        let slot1 = owner.append(1)
        #expect(slot1 == 0)
        guard case .one = owner.table.storage else { Issue.record("one entry kept in an array"); return }
        let slot2 = owner.append(2)
        #expect(slot2 == 1)
        let slot3 = owner.append(3)
        #expect(slot3 == 2)
        guard case .many = owner.table.storage else { Issue.record("three entries not in an array"); return }
        #expect(owner.visited() == [1, 2, 3])
        #expect(owner.visited(upTo: 2) == [1, 2])
        owner.check()
    }

    @Test func vacating_leavesAHole_thatAPassSkips_andIsVacatedOnce() {
        var owner = Owner()
        for id in 1...4 { _ = owner.append(id) }
        let vacated2 = owner.vacate(2)
        #expect(vacated2)
        let again = owner.table.vacate(1)
        #expect(again == nil)  // already a hole
        let pastTheEnd = owner.table.vacate(9)
        #expect(pastTheEnd == nil)
        #expect(owner.visited() == [1, 3, 4])
        #expect(owner.table.count == 4 && owner.table.ledger.liveCount == 3)
        owner.check()
    }

    @Test func theLoneHole_isSqueezedOutByTheNextAppend_unlessAPassCountsOnIt() {
        var owner = Owner()
        _ = owner.append(1)
        let vacated1 = owner.vacate(1)
        #expect(vacated1)
        guard case .none = owner.table.storage else { Issue.record("the lone slot was not cleared"); return }
        #expect(owner.table.count == 1)
        let slot2 = owner.append(2)
        #expect(slot2 == 0)
        guard case .one = owner.table.storage else { Issue.record("a hole kept outside a pass"); return }
        owner.check()

        let vacated2 = owner.vacate(2)
        #expect(vacated2)
        owner.table.ledger.passDepth += 1
        let slot3 = owner.append(3)
        #expect(slot3 == 1)  // a pass may still be counting slot 0
        #expect(owner.visited() == [3])
        owner.table.ledger.passDepth -= 1
        owner.check()
    }

    @Test func compaction_keepsTheOrder_andReportsEveryMove() {
        var owner = Owner()
        for id in 0..<40 { _ = owner.append(id) }
        for id in 0..<40 where id % 4 != 0 {
            let vacated = owner.vacate(id)
            #expect(vacated)
        }
        owner.table.ledger.passDepth += 1
        owner.compact()
        #expect(owner.table.count == 40)  // never during a pass
        owner.table.ledger.passDepth -= 1
        owner.compact()
        #expect(owner.table.count == 10 && owner.table.ledger.holes == 0)
        #expect(owner.visited() == Array(stride(from: 0, to: 40, by: 4)))
        #expect(owner.slotOf == Dictionary(uniqueKeysWithValues: (0..<10).map { ($0 * 4, $0) }))
        owner.check()
    }

    /// Random appends, vacates, compactions and passes against an array of optional ids.
    @Test func randomPrograms_matchAnArrayWithHoles() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 300))) {
            var random = SeededRandom(seed: seed)
            var owner = Owner()
            var model: [Int?] = []
            var nextID = 0
            var inPass = false
            for _ in 0..<Int.random(in: 1..<120, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    let slot = owner.append(nextID)
                    if !inPass && model.count == 1 && model[0] == nil { model = [] }
                    #expect(slot == model.count, "seed \(seed)")
                    model.append(nextID)
                    nextID += 1
                case 4..<8 where !model.isEmpty:
                    let slot = Int.random(in: 0..<model.count, using: &random)
                    if let id = model[slot] {
                        let vacatedId = owner.vacate(id)
                        #expect(vacatedId, "seed \(seed)")
                        model[slot] = nil
                    } else {
                        let vacated = owner.table.vacate(slot)
                        #expect(vacated == nil, "seed \(seed)")
                    }
                case 8:
                    inPass.toggle()
                    owner.table.ledger.passDepth += inPass ? 1 : -1
                default:
                    owner.compact()
                    // Compaction, when it happens, keeps the live entries in order.
                    if owner.table.count < model.count {
                        #expect(!inPass, "seed \(seed): compacted during a pass")
                        model = model.filter { $0 != nil }
                    }
                }
                #expect(owner.table.count == model.count, "seed \(seed)")
                #expect(owner.visited() == model.compactMap { $0 }, "seed \(seed)")
                // A pass over chosen slots visits their entries, in order, skipping holes.
                let chosen = model.indices.filter { _ in random.chance(40) }
                #expect(owner.visited(inSlots: chosen) == chosen.compactMap { model[$0] }, "seed \(seed)")
                for (slot, id) in model.enumerated() {
                    #expect(owner.table.entry(at: slot)?.takeUnretainedValue().id == id, "seed \(seed), slot \(slot)")
                }
                owner.check()
            }
        }
    }
}

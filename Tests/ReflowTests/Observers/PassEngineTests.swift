import Testing
@testable import ReflowCore

/// The one pass engine (`PassOwner`): a member that leaves during a pass is held, alive,
/// until the outermost pass ends, then let go of in the order it left; one that leaves
/// outside a pass is let go of at once; a pass visits the members there when it began, in
/// slot order; compaction waits for the outermost pass and tells each move. A small owner
/// is checked against a model over seeded programs of thousands of members.
@MainActor @Suite struct PassEngineTests {
    private final class Member: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    /// An owner that records what the engine asks of it.
    private final class Owner: PassOwner {
        var members = SlotTable<Member>()
        var held: [Member] = []
        /// Ids let go of, in order.
        var released: [Int] = []
        var slotOf: [Int: Int] = [:]
        /// What a subscription would hold: the only strong reference outside the owner.
        var joined: [Int: Member] = [:]
        var compactions = 0

        var passLedger: SlotLedger {
            get { members.ledger }
            set { members.ledger = newValue }
        }

        func hold(_ member: Member) { held.append(member) }
        func releaseHeld() {
            for member in held { release(member) }
            held.removeAll()
        }
        func release(_ member: Member) { released.append(member.id) }
        func member(_ member: Member, movedFrom from: Int, to: Int) {
            #expect(slotOf[member.id] == from, "a move from a slot the member was not in")
            slotOf[member.id] = to
        }
        func didCompact() { compactions += 1 }
        func checkInvariants() {
            let slotOf = self.slotOf
            members.checkInvariants("PassEngineTests") { slotOf[$0.id] ?? -1 }
        }

        func join(_ id: Int) {
            let member = Member(id)
            joined[id] = member
            slotOf[id] = members.join(member)
            checkInvariants()
        }

        func leave(_ id: Int) {
            guard let slot = slotOf.removeValue(forKey: id), let member = joined.removeValue(forKey: id) else { return }
            let left = members.leave(slot)
            #expect(left, "a member's slot was a hole")
            retire(member)
            checkInvariants()
        }

        /// The ids a pass visits, walking the members as a client's pass does.
        func visitAll(during body: (Int) -> Void) -> [Int] {
            var visited: [Int] = []
            pass {
                members.forEach(upTo: members.count) { member in
                    visited.append(member.id)
                    body(member.id)
                }
            }
            return visited
        }
    }

    @Test func aMemberLeavingDuringNestedPasses_staysAliveUntilTheOutermostEnds() {
        let owner = Owner()
        for id in 0..<3 { owner.join(id) }
        let leaver = WeakMember(owner.joined[1]!)
        var visitedInside: [Int] = []
        let visited = owner.visitAll { id in
            guard id == 0 else { return }
            visitedInside = owner.visitAll { inner in
                if inner == 2 { owner.leave(1) }
            }
            // The inner pass ended, the outer has not: still held.
            #expect(leaver.member != nil)
            #expect(owner.released.isEmpty)
        }
        #expect(visitedInside == [0, 1, 2])
        // The outer pass's snapshot still has the member that left; the client skips it by
        // a flag of its own.
        #expect(visited == [0, 1, 2])
        #expect(owner.released == [1])
        #expect(leaver.member == nil)
    }

    @Test func aMemberLeavingOutsideAPass_isLetGoOfAtOnce() {
        let owner = Owner()
        owner.join(7)
        let leaver = WeakMember(owner.joined[7]!)
        owner.leave(7)
        #expect(owner.released == [7])
        #expect(leaver.member == nil)
        #expect(owner.members.ledger.isEmpty)
    }

    @Test func compactionWaitsForTheOutermostPass() {
        let owner = Owner()
        for id in 0..<100 { owner.join(id) }
        _ = owner.visitAll { id in
            if id == 0 { for leaver in 0..<90 { owner.leave(leaver) } }
        }
        #expect(owner.compactions == 1)
        #expect(owner.members.count == 10)
        #expect(owner.visitAll { _ in } == Array(90..<100))
    }

    /// Random programs: joins, leaves, and passes nested up to four deep that make
    /// members leave, against a model of who is there, who is held and who was let go.
    @Test func randomPrograms_matchTheModel() {
        let first = modelFirstSeed()
        for seed in first..<(first + UInt64(modelProgramCount(default: 12))) {
            var random = SeededRandom(seed: seed)
            let owner = Owner()
            var present: [Int] = []  // the model: ids in join order
            var expectedReleased: [Int] = []
            var heldByModel: [Int] = []
            var weakMembers: [Int: WeakMember] = [:]
            var nextID = 0

            func join(_ count: Int) {
                for _ in 0..<count {
                    owner.join(nextID)
                    weakMembers[nextID] = WeakMember(owner.joined[nextID]!)
                    present.append(nextID)
                    nextID += 1
                }
            }

            func leave(_ id: Int, inPass: Bool) {
                present.removeAll { $0 == id }
                if inPass { heldByModel.append(id) } else { expectedReleased.append(id) }
                owner.leave(id)
            }

            /// One pass at `depth`, in which members leave at random and passes nest.
            func pass(depth: Int) {
                let expected = present
                let visited = owner.visitAll { _ in
                    guard !present.isEmpty else { return }
                    // About 1 in 50 members leaves; about one nested pass per pass.
                    switch Int.random(in: 0..<(50 * present.count), using: &random) {
                    case 0..<present.count:
                        leave(present[Int.random(in: 0..<present.count, using: &random)], inPass: true)
                    case present.count..<(present.count + 50) where depth < 4:
                        pass(depth: depth + 1)
                        // Nobody held is freed while a pass runs.
                        let freed = heldByModel.filter { weakMembers[$0]?.member == nil }
                        #expect(freed.isEmpty, "seed \(seed): \(freed) freed during a pass")
                    default:
                        break
                    }
                }
                #expect(visited == expected, "seed \(seed): a pass visited other members")
                if depth == 0 {
                    expectedReleased += heldByModel
                    heldByModel.removeAll()
                }
            }

            join(Int.random(in: 1_000...3_000, using: &random))
            for _ in 0..<30 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: join(Int.random(in: 0...200, using: &random))
                case 1:
                    for _ in 0..<Int.random(in: 0...300, using: &random) where !present.isEmpty {
                        leave(present[Int.random(in: 0..<present.count, using: &random)], inPass: false)
                    }
                default: pass(depth: 0)
                }
                #expect(owner.released == expectedReleased, "seed \(seed): let go of in another order")
                #expect(owner.members.ledger.liveCount == present.count)
                #expect(owner.members.live.map(\.id) == present, "seed \(seed): members out of order")
                #expect(!owner.members.ledger.isInPass && !owner.members.ledger.hasWorkAtPassEnd)
                for id in expectedReleased.suffix(50) { #expect(weakMembers[id]?.member == nil, "seed \(seed): \(id) outlived its release") }
            }
        }
    }

    private final class WeakMember {
        weak var member: Member?
        init(_ member: Member) { self.member = member }
    }
}

import Foundation
import Testing
import Reflow

/// Seeded random programs of stack changes against the obvious model (an array of screens
/// and a counter): the screens match, identities are unique, grow from the bottom up and
/// are never given twice, each change reports exactly the identities it took off, and a
/// screen is found by its identity while it stays.
@MainActor
@Suite struct ScreenStackModelTests {
    @Test func randomPrograms_matchTheModel() {
        for seed in modelFirstSeed()..<(modelFirstSeed() + UInt64(modelProgramCount(default: 300))) {
            var random = SeededRandom(seed: seed)
            var stack = ScreenStack<Int>()
            var model: [(id: ScreenID, screen: Int)] = []
            var everGiven: Set<ScreenID> = []
            for step in 0..<200 {
                let before = model.map(\.id)
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<45:
                    let screen = Int.random(in: 0..<1000, using: &random)
                    let id = stack.push(screen)
                    #expect(!everGiven.contains(id), "seed \(seed) step \(step): \(id) given twice")
                    everGiven.insert(id)
                    model.append((id, screen))
                case 45..<65:
                    let popped = stack.pop()
                    #expect(popped == model.popLast()?.screen, "seed \(seed) step \(step)")
                case 65..<75:
                    if let target = model.randomElement(using: &random) {
                        stack.pop(to: target.id)
                        model.removeSubrange((model.firstIndex { $0.id == target.id }! + 1)...)
                    } else if let gone = everGiven.randomElement(using: &random) {
                        stack.pop(to: gone)                            // not on the stack: nothing
                    }
                case 75..<90:
                    // What a view shows after a back gesture: a prefix, sometimes ending with
                    // an identity the stack does not have there.
                    var shown = Array(before.prefix(Int.random(in: 0...before.count, using: &random)))
                    if random.chance(20), let stranger = everGiven.randomElement(using: &random) { shown.append(stranger) }
                    stack.keep(shown)
                    var kept = 0
                    while kept < min(shown.count, model.count), model[kept].id == shown[kept] { kept += 1 }
                    model.removeSubrange(kept...)
                case 90..<95:
                    stack.popToRoot()
                    model.removeAll()
                default:
                    let screens = (0..<Int.random(in: 0...5, using: &random)).map { _ in Int.random(in: 0..<1000, using: &random) }
                    stack.replace(with: screens)
                    model = zip(stack.ids, screens).map { ($0, $1) }
                    for id in stack.ids {
                        #expect(!everGiven.contains(id), "seed \(seed) step \(step): \(id) given twice")
                        everGiven.insert(id)
                    }
                }
                let ids = model.map(\.id)
                #expect(stack.ids == ids && stack.screens == model.map(\.screen), "seed \(seed) step \(step)")
                #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed) step \(step)")
                let removed = before.filter { !ids.contains($0) }
                #expect(stack.removedByLastChange == removed, "seed \(seed) step \(step)")
                for entry in model { #expect(stack[id: entry.id] == entry.screen) }
                for id in removed { #expect(stack[id: id] == nil) }
            }
        }
    }

    /// A saved stack comes back with its identities and gives the next screen the identity
    /// it would have given; saved identities out of order are refused with what to do.
    @Test func aStack_roundTripsThroughCodable_andRefusesBrokenIdentities() throws {
        var stack = ScreenStack([10, 20, 30])
        stack.pop()
        let data = try JSONEncoder().encode(stack)
        var restored = try JSONDecoder().decode(ScreenStack<Int>.self, from: data)
        #expect(restored == stack && restored.ids == stack.ids)
        #expect(restored.push(40) == stack.push(40))
        let broken = Data(#"{"entries":[{"id":3,"screen":1},{"id":1,"screen":2}],"nextID":4}"#.utf8)
        #expect {
            try JSONDecoder().decode(ScreenStack<Int>.self, from: broken)
        } throws: { error in
            "\(error)".contains("must grow from the bottom up")
        }
    }
}

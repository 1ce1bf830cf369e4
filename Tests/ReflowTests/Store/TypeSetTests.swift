import Testing
@testable import ReflowCore

/// `TypeSet`, which a dispatch asks whether its action's type has routes: exact for members
/// and non-members alike, whatever slots their addresses share.
@Suite struct TypeSetTests {
    /// `count` distinct types: arrays nested 1…`count` deep.
    private func types(_ count: Int) -> [ObjectIdentifier] {
        func nest<T>(_ type: T.Type, _ left: Int, into result: inout [ObjectIdentifier]) {
            result.append(ObjectIdentifier(type))
            if left > 1 { nest([T].self, left - 1, into: &result) }
        }
        var result: [ObjectIdentifier] = []
        nest(Int.self, count, into: &result)
        return result
    }

    @Test(arguments: [0, 1, 7, 20, 100])
    func membership_isExact(memberCount: Int) {
        let all = types(memberCount + 150)
        let members = Array(all.prefix(memberCount))
        let set = TypeSet(members)
        #expect(members.allSatisfy { set.contains($0) })
        #expect(all.dropFirst(memberCount).allSatisfy { !set.contains($0) })
    }
}

import Testing
import Reflow

/// Names deprecated for 1.0 keep working for one release. Each old name is used inside a
/// deprecated witness of a protocol that is not deprecated, so this file compiles without
/// deprecation warnings while still calling the old names.
@MainActor
@Suite struct DeprecatedNamesTests {
    private let old: any OldNames = OldNamesUser()

    @Test func connectionSubscribe_bindsLikeBind() {
        let connection = Connection(props: ShelfState(count: 1), actions: ())
        var seen: [Int] = []
        old.subscribe(connection) { seen.append($0) }
        connection.props = ShelfState(count: 2)
        #expect(seen == [1, 2])
    }

    @Test func ifNilBindings_writeTheDefaultForNil() {
        let connection = Connection(props: ShelfState(count: 1, title: nil), actions: ())
        let target = Target()
        var sunk: [String] = []
        old.bindIfNil(connection, to: target) { sunk.append($0) }
        #expect(target.text == "none" && sunk == ["none"])
        connection.props = ShelfState(count: 1, title: "Dune")
        #expect(target.text == "Dune" && sunk == ["none", "Dune"])
    }
}

// MARK: - Fixtures

private struct ShelfState: Equatable {
    var count = 0
    var title: String?
}

private final class Target {
    var text = ""
}

@MainActor
private protocol OldNames {
    func subscribe(_ connection: Connection<Void, ShelfState, Void>, _ onNext: @escaping (Int) -> Void)
    func bindIfNil(_ connection: Connection<Void, ShelfState, Void>, to target: Target, sink: @escaping (String) -> Void)
}

private struct OldNamesUser: OldNames {
    @available(*, deprecated)
    func subscribe(_ connection: Connection<Void, ShelfState, Void>, _ onNext: @escaping (Int) -> Void) {
        connection.subscribe(\.count, onNext: onNext)
    }

    @available(*, deprecated)
    func bindIfNil(_ connection: Connection<Void, ShelfState, Void>, to target: Target, sink: @escaping (String) -> Void) {
        connection.bind(\.title, to: target, \.text, ifNil: "none")
        connection.bind(\.title, to: sink, ifNil: "none")
    }
}

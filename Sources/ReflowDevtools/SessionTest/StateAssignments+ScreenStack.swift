import Reflow
import ReflowCore

/// A ``ScreenStack`` is changed in a written test as its reducer changes it, by its own
/// operations (`pop(to:)`, `push`, a screen by its identity), because its identities and
/// the next one it gives are not fields a test can assign.
protocol ScreenStackAssigning {
    /// Appends to `assignments` the statements that make `old` (a stack of the same type)
    /// into `self` at `place`.
    func assign(from old: Any, at place: String, into assignments: inout StateAssignments) throws(SessionTestError)
}

extension ScreenStack: ScreenStackAssigning {
    func assign(from old: Any, at place: String, into assignments: inout StateAssignments) throws(SessionTestError) {
        guard let old = old as? ScreenStack else {
            throw SessionTestError("\(type(of: old)) changed into \(ScreenStack.self): a state's field cannot change its type.")
        }
        var kept = 0
        while kept < Swift.min(old.entries.count, entries.count), old.entries[kept].id == entries[kept].id { kept += 1 }
        switch old.entries.count - kept {
        case 0: break
        case 1: assignments.append("\(place).pop()")
        default: assignments.append(kept == 0 ? "\(place).popToRoot()" : "\(place).pop(to: \(place).ids[\(kept - 1)])")
        }
        for index in 0..<kept {
            try assignments.assign(from: old.entries[index].screen, to: entries[index].screen,
                                   at: "\(place)[id: \(place).ids[\(index)]]!")
        }
        // Pushed screens get the identities the old stack would give next, in order.
        let pushed = entries[kept...]
        guard pushed.map(\.id.rawValue) == Array(old.nextID..<old.nextID + pushed.count),
              nextID == old.nextID + pushed.count else {
            throw SessionTestError("\(place): the stack's identities changed in a way its operations cannot (\(old.ids) to \(ids)); change a ScreenStack only with its operations and NavigationAction.")
        }
        for entry in pushed {
            assignments.append("\(place).push(\(try assignments.write(entry.screen)))")
        }
    }
}

import Testing
import Reflow
import ReflowTesting

// Mapping and reducer functions as app code writes them, which CI compiles in every build
// setting (Swift 6, Xcode 26's defaults, Swift 5, Swift 5 with default MainActor
// isolation): static functions of a `Connectable` view model (so `@MainActor`) for every
// kind of connection, and free and static reducer functions, plain and `@MainActor`.

struct ProfileState: Equatable {
    var name = "Ada"
    var followers = [3, 5]
    var log: [String] = []
}

struct RenameProfile: Action { var name: String }
struct Follow: Action { var index: Int }

/// A reducer as a free function and as static functions: plain, and `@MainActor`.
func renameProfile(_ state: inout ProfileState, _ action: RenameProfile) {
    state.name = action.name
}

enum ProfileReducer {
    static func follow(_ state: inout ProfileState, _ action: Follow) {
        state.followers[action.index] += 1
    }

    @MainActor static func log(_ state: inout ProfileState, _ action: any Action) {
        state.log.append("\(type(of: action))")
    }
}

/// A main-actor helper a reducer closure calls.
@MainActor func profileTitle(_ name: String) -> String { "@" + name }

let profileReducer = Reducer<ProfileState>
    .on(RenameProfile.self, renameProfile)
    .on(Follow.self, ProfileReducer.follow)

/// A reducer closure that calls main-actor code and a `@MainActor` reducer function, used
/// in main-actor code. (At file scope Swift 5 takes both as nonisolated: it rejects the
/// closure's call, and warns that the function loses its actor.)
@MainActor func titleReducer() -> Reducer<ProfileState> {
    Reducer<ProfileState>.on(RenameProfile.self) { state, action in state.log.append(profileTitle(action.name)) }
}

@MainActor func logReducer() -> Reducer<ProfileState> {
    Reducer<ProfileState>(ProfileReducer.log)
}

@MainActor
final class ProfileViewModel: Connectable {
    struct Props: Equatable { var title: String }
    struct Actions { var rename: (String) -> Void }

    let connection = Connection(store: profileStore, mapStateToProps: ProfileViewModel.props,
                                mapDispatchToActions: ProfileViewModel.actions)
    let sliceConnection = Connection(store: profileStore, slice: \.name, mapSliceToProps: ProfileViewModel.props(name:),
                                     mapDispatchToActions: ProfileViewModel.actions)
    let rowConnection = Connection(store: profileStore, slice: \.followers, at: 1,
                                   mapSliceToProps: ProfileViewModel.props(followers:),
                                   mapDispatchToActions: ProfileViewModel.actions)

    static func props(_ state: ProfileState) -> Props { Props(title: profileTitle(state.name)) }
    static func props(name: String) -> Props { Props(title: name) }
    static func plainProps(_ state: ProfileState) -> Props { Props(title: state.name) }
    static func props(followers: Int) -> Props { Props(title: "\(followers) followers") }
    static func actions(_ dispatch: Dispatch) -> Actions {
        Actions(rename: { dispatch(RenameProfile(name: $0)) })
    }
}

let profileStore = Store(reducer: profileReducer, state: ProfileState())

/// Mappings as free functions: nonisolated in Swift 6 and Swift 5, `@MainActor` under
/// default MainActor isolation.
func profileProps(_ state: ProfileState) -> ProfileViewModel.Props {
    ProfileViewModel.Props(title: state.name)
}

func profileActions(_ dispatch: Dispatch) -> ProfileViewModel.Actions {
    ProfileViewModel.Actions(rename: { dispatch(RenameProfile(name: $0)) })
}

/// Mappings as file-scope closure constants. Swift 6 itself requires a global of a
/// non-`Sendable` type to be isolated, so they are `@MainActor` (implicit under default
/// isolation).
@MainActor let profilePropsClosure = { (state: ProfileState) in ProfileViewModel.Props(title: state.name) }
@MainActor let profileActionsClosure = { (dispatch: Dispatch) in
    ProfileViewModel.Actions(rename: { dispatch(RenameProfile(name: $0)) })
}

/// Every way of writing the two mappings that app code uses, in every pairing that needs
/// its own form: free functions, static `@MainActor` functions, file-scope closure
/// constants, inline closures and local variables of function type.
@MainActor func connectionsOfEveryMappingForm(_ store: Store<ProfileState>) -> [Connection<ProfileState, ProfileViewModel.Props, ProfileViewModel.Actions>] {
    let localProps: (ProfileState) -> ProfileViewModel.Props = { ProfileViewModel.Props(title: $0.name) }
    let localActions: (Dispatch) -> ProfileViewModel.Actions = { dispatch in
        ProfileViewModel.Actions(rename: { dispatch(RenameProfile(name: $0)) })
    }
    return [
        Connection(store: store, mapStateToProps: profileProps, mapDispatchToActions: profileActions),
        Connection(store: store, mapStateToProps: ProfileViewModel.plainProps, mapDispatchToActions: ProfileViewModel.actions),
        Connection(store: store, mapStateToProps: profilePropsClosure, mapDispatchToActions: profileActionsClosure),
        Connection(store: store, mapStateToProps: { ProfileViewModel.Props(title: $0.name) },
                   mapDispatchToActions: { dispatch in ProfileViewModel.Actions(rename: { dispatch(RenameProfile(name: $0)) }) }),
        Connection(store: store, mapStateToProps: localProps, mapDispatchToActions: localActions),
        Connection(store: store, mapStateToProps: localProps, mapDispatchToActions: ProfileViewModel.actions),
        Connection(store: store, mapStateToProps: ProfileViewModel.plainProps, mapDispatchToActions: localActions),
        Connection(store: store, mapStateToProps: profileProps, mapDispatchToActions: localActions),
    ]
}

@MainActor
@Suite(.serialized) struct MappingFunctionIdiomTests {
    @Test func mainActorStaticMappings_forEveryKindOfConnection() {
        let model = ProfileViewModel()
        model.connection.connect()
        model.sliceConnection.connect()
        model.rowConnection.connect()
        #expect(model.props.title == "@" + profileStore.state.name)
        model.actions.rename("Grace")
        #expect(model.props.title == "@Grace")
        #expect(model.sliceConnection.props.title == "Grace")
        profileStore.dispatch(Follow(index: 1))
        #expect(model.rowConnection.props.title == "\(profileStore.state.followers[1]) followers")
    }

    @Test func everyMappingForm_connectsAndDispatches() {
        let store = Store(reducer: profileReducer, state: ProfileState())
        let connections = connectionsOfEveryMappingForm(store)
        for connection in connections { connection.connect() }
        for (index, connection) in connections.enumerated() {
            connection.actions.rename("Name \(index)")
            #expect(connections.allSatisfy { $0.props.title == "Name \(index)" }, "form \(index)")
        }
    }

    @Test func freeAndStaticReducerFunctions_plainAndMainActor() {
        let store = Store(reducer: .combine(profileReducer, titleReducer(), logReducer()), state: ProfileState())
        store.dispatch(RenameProfile(name: "Lin"))
        store.dispatch(Follow(index: 0))
        #expect(store.state.name == "Lin")
        #expect(store.state.followers == [4, 5])
        #expect(store.state.log == ["@Lin", "RenameProfile", "Follow"])
    }
}

import Reflow

// ReRxSwift's README, "Usage", steps 1 to 6, as written there. Differences, none of
// Reflow's making:
// - `@IBOutlet` needs Objective-C, which Linux has not: the outlet is a plain `weak var`,
//   set by `loadView()` as a storyboard would set it.
// - On Apple platforms `@IBAction` needs a parameter type Objective-C can represent, which
//   UIKit's `UITextField` is and this file's stand-in is not: there the action is a plain
//   method. Linux compiles `@IBAction` as written.
// - In the Swift 6 language mode without default MainActor isolation, Swift requires a
//   global constant to be `Sendable` or isolated, so the two closure constants of steps 2
//   and 3 are `@MainActor` there. Every other setting compiles them as written.

// Step 1
extension MyViewController: Connectable {
    struct Props {
        let text: String
    }
    struct Actions {
        let updatedText: (String) -> Void
    }
}

#if swift(>=6) && !REFLOW_DEFAULT_MAIN_ACTOR
// Step 2
@MainActor private let mapStateToProps = { (appState: AppState) in
    return MyViewController.Props(
        text: appState.content
    )
}

// Step 3
@MainActor private let mapDispatchToActions = { (dispatch: @escaping DispatchFunction) in
    return MyViewController.Actions(
        updatedText: { newText in dispatch(SetContent(newContent: newText)) }
    )
}
#else
// Step 2
private let mapStateToProps = { (appState: AppState) in
    return MyViewController.Props(
        text: appState.content
    )
}

// Step 3
private let mapDispatchToActions = { (dispatch: @escaping DispatchFunction) in
    return MyViewController.Actions(
        updatedText: { newText in dispatch(SetContent(newContent: newText)) }
    )
}
#endif

// Step 4
class MyViewController: UIViewController {
    /* @IBOutlet */ weak var textField: UITextField!

    let connection = Connection(
        store: store,
        mapStateToProps: mapStateToProps,
        mapDispatchToActions: mapDispatchToActions
    )

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    // Step 5
    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\Props.text, to: textField.rx.text)
    }

    // Step 6
    #if _runtime(_ObjC)
    func editingChanged(_ sender: UITextField) {
        actions.updatedText(sender.text ?? "")
    }
    #else
    @IBAction func editingChanged(_ sender: UITextField) {
        actions.updatedText(sender.text ?? "")
    }
    #endif

    // What the storyboard does: the text field, in the view, set as the outlet.
    override func loadView() {
        let field = UITextField()
        view.addSubview(field)
        textField = field
    }
}

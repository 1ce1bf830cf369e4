import Reflow

// ReRxSwift's example screen SimpleTextField, which its spec tests: the README's screen
// reading its own slice of the state. Its mappings are static functions of the screen
// (so `@MainActor`, as a `Connectable` type's are), a form ReRxSwift's README does not
// show but app code writes.

class SimpleTextFieldViewController: UIViewController {
    let connection = Connection(
        store: store,
        mapStateToProps: SimpleTextFieldViewController.mapStateToProps,
        mapDispatchToActions: SimpleTextFieldViewController.mapDispatchToActions
    )

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        connection.connect()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        connection.disconnect()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        connection.bind(\Props.text, to: textField.rx.text)
    }

    #if _runtime(_ObjC)  // see MyViewController.swift
    func editingChanged(_ sender: UITextField) {
        actions.updatedText(sender.text ?? "")
    }
    #else
    @IBAction func editingChanged(_ sender: UITextField) {
        actions.updatedText(sender.text ?? "")
    }
    #endif

    weak var textField: UITextField!

    override func loadView() {
        let field = UITextField()
        view.addSubview(field)
        textField = field
    }
}

extension SimpleTextFieldViewController: Connectable {
    struct Props {
        let text: String
    }
    struct Actions {
        let updatedText: (String) -> Void
    }

    static func mapStateToProps(_ appState: AppState) -> Props {
        Props(text: appState.simpleTextField.content)
    }

    static func mapDispatchToActions(_ dispatch: @escaping DispatchFunction) -> Actions {
        Actions(updatedText: { newText in dispatch(SetContent(newContent: newText)) })
    }
}

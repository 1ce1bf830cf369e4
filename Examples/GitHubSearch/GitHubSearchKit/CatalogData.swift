/// The offline catalogue: real public repositories, one per line, as
/// `owner/name|language|stars|description` (star counts rounded, from late 2024).
enum CatalogData {
    static let lines = #"""
apple/swift-nio|Swift|8000|Event-driven network application framework for high performance protocol servers & clients, non-blocking
apple/swift-collections|Swift|3800|Commonly used data structures for Swift
apple/swift-algorithms|Swift|6000|Commonly used sequence and collection algorithms for Swift
apple/swift-async-algorithms|Swift|3100|Async Algorithms for Swift
apple/swift-argument-parser|Swift|3400|Straightforward, type-safe argument parsing for Swift
apple/swift-log|Swift|3600|A Logging API for Swift
apple/swift-metrics|Swift|1300|Metrics API for Swift
apple/swift-protobuf|Swift|4600|Plugin and runtime library for using protobuf with Swift
apple/swift-crypto|Swift|1500|Open-source implementation of a substantial portion of the API of Apple CryptoKit
apple/swift-numerics|Swift|1700|Advanced mathematical types and functions for Swift
apple/swift-system|Swift|1200|Low-level system calls and types for Swift
apple/swift-atomics|Swift|1100|Low-level atomic operations for Swift
apple/swift-distributed-actors|Swift|600|Peer-to-peer cluster implementation for Swift Distributed Actors
apple/swift-openapi-generator|Swift|1500|Generate Swift client and server code from an OpenAPI document
apple/swift-evolution|Markdown|15300|This maintains proposals for changes and user-visible enhancements to the Swift Programming Language
apple/swift-corelibs-foundation|Swift|5300|The Foundation Project, providing core utilities, internationalization, and OS independence
apple/swift-foundation|Swift|2400|The Foundation project
apple/swift-markdown|Swift|2800|A Swift package for parsing, building, editing, and analyzing Markdown documents
apple/swift-driver|Swift|800|Swift compiler driver reimplementation in Swift
apple/swift-http-types|Swift|900|Version-independent HTTP currency types for Swift
apple/swift-certificates|Swift|200|An implementation of X.509 for Swift
apple/swift-nio-ssl|Swift|400|TLS Support for SwiftNIO, based on BoringSSL
apple/swift-nio-http2|Swift|500|HTTP/2 support for SwiftNIO
apple/swift-service-context|Swift|100|Minimal type-safe context propagation container
apple/container|Swift|18000|A tool for creating and running Linux containers using lightweight virtual machines on a Mac
apple/ml-stable-diffusion|Python|16700|Stable Diffusion with Core ML on Apple Silicon
apple/ml-ferret|Python|8500|An End-to-End MLLM that Accept Any-Form Referring and Ground Anything in Response
apple/foundationdb|C++|14700|FoundationDB - the open source, distributed, transactional key-value store
apple/pkl|Java|10200|A configuration as code language with rich validation and tooling
apple/coremltools|Python|4400|Core ML tools contain supporting tools for Core ML model conversion, editing, and validation
apple/darwin-xnu|C|10700|Legacy mirror of Darwin Kernel
apple/turicreate|C++|11200|Turi Create simplifies the development of custom machine learning models
swiftlang/swift|C++|67600|The Swift Programming Language
swiftlang/swift-format|Swift|2600|Formatting technology for Swift source code
swiftlang/swift-syntax|Swift|3300|A set of Swift libraries for parsing, inspecting, generating, and transforming Swift source code
swiftlang/swift-testing|Swift|1800|A modern, expressive testing package for Swift
swiftlang/sourcekit-lsp|Swift|3300|Language Server Protocol implementation for Swift and C-based languages
swiftlang/swift-package-manager|Swift|9700|The Package Manager for the Swift Programming Language
swiftlang/swift-docc|Swift|1200|Documentation compiler for Swift frameworks and packages
swiftlang/vscode-swift|TypeScript|800|Visual Studio Code Extension for Swift
pointfreeco/swift-composable-architecture|Swift|12800|A library for building applications in a consistent and understandable way, with composition, testing, and ergonomics in mind
pointfreeco/swift-dependencies|Swift|1600|A dependency management library inspired by SwiftUI's "environment."
pointfreeco/swift-snapshot-testing|Swift|3800|Delightful Swift snapshot testing
pointfreeco/swift-case-paths|Swift|950|Tools for working with and abstracting over the cases of enums
pointfreeco/swift-perception|Swift|600|Observable tools, backported
pointfreeco/swift-navigation|Swift|2000|Bringing simple and powerful navigation tools to all Swift platforms
pointfreeco/swift-sharing|Swift|500|A universal solution for persisting and sharing state across your entire application
pointfreeco/swift-custom-dump|Swift|850|A collection of tools for debugging, diffing, and testing your application's data structures
pointfreeco/swift-tagged|Swift|1400|A wrapper type for safer, expressive code
pointfreeco/swift-parsing|Swift|900|A library for turning nebulous data into well-structured data, with a focus on composition, performance, generality, and ergonomics
pointfreeco/isowords|Swift|2700|Open source game built in SwiftUI and the Composable Architecture
pointfreeco/swift-concurrency-extras|Swift|400|Useful, testable Swift concurrency
pointfreeco/swift-clocks|Swift|300|A few clocks that make working with Swift concurrency more testable and more versatile
pointfreeco/sqlite-data|Swift|900|A fast, lightweight replacement for SwiftData, powered by SQL
ReactorKit/ReactorKit|Swift|2700|A library for reactive and unidirectional Swift applications
ReSwift/ReSwift|Swift|7600|Unidirectional Data Flow in Swift - Inspired by Redux
ReSwift/ReSwift-Thunk|Swift|100|Thunk middleware for ReSwift
ReSwift/ReSwift-Router|Swift|500|Declarative Routing in Swift, Extension for ReSwift
ReSwift/ReSwiftTodo|Swift|100|A todo app built with ReSwift
svdo/ReRxSwift|Swift|100|ReRxSwift: RxSwift bindings for ReSwift
ReactiveX/RxSwift|Swift|24400|Reactive Programming in Swift
ReactiveX/RxJava|Java|47900|RxJava – Reactive Extensions for the JVM
ReactiveX/rxjs|TypeScript|30800|A reactive programming library for JavaScript
ReactiveCocoa/ReactiveSwift|Swift|3000|Streams of values over time
ReactiveCocoa/ReactiveCocoa|Swift|20000|Cocoa framework and Obj-C dynamism bindings for ReactiveSwift
RxSwiftCommunity/RxDataSources|Swift|3100|UITableView and UICollectionView Data Sources for RxSwift
RxSwiftCommunity/RxAlamofire|Swift|1600|RxSwift wrapper around the elegant HTTP networking in Swift Alamofire
RxSwiftCommunity/RxFlow|Swift|1900|RxFlow is a navigation framework for iOS applications based on a Reactive Flow Coordinator pattern
RxSwiftCommunity/Action|Swift|900|Abstracts actions to be performed in RxSwift
CombineCommunity/CombineExt|Swift|1700|CombineExt provides a collection of operators, publishers and utilities for Combine
Alamofire/Alamofire|Swift|41200|Elegant HTTP Networking in Swift
Alamofire/AlamofireImage|Swift|4000|AlamofireImage is an image component library for Alamofire
Moya/Moya|Swift|15200|Network abstraction layer written in Swift
onevcat/Kingfisher|Swift|23300|A lightweight, pure-Swift library for downloading and caching images from the web
onevcat/Rainbow|Swift|1800|Delightful console output for Swift developers
SDWebImage/SDWebImage|Objective-C|25200|Asynchronous image downloader with cache support as a UIImageView category
SDWebImage/SDWebImageSwiftUI|Swift|2200|SwiftUI Image loading and Animation framework powered by SDWebImage
kean/Nuke|Swift|8200|Image loading system
kean/Pulse|Swift|6400|Network logger for Apple platforms
kean/Get|Swift|950|Web API client built using async/await
SnapKit/SnapKit|Swift|20100|A Swift Autolayout DSL for iOS & OS X
SwiftyJSON/SwiftyJSON|Swift|22800|The better way to deal with JSON data in Swift
realm/realm-swift|Objective-C|16300|Realm is a mobile database: a replacement for Core Data & SQLite
realm/SwiftLint|Swift|18700|A tool to enforce Swift style and conventions
nicklockwood/SwiftFormat|Swift|8000|A command-line tool and Xcode Extension for formatting Swift code
nicklockwood/Expression|Swift|800|A cross-platform Swift library for evaluating mathematical expressions at runtime
groue/GRDB.swift|Swift|7200|A toolkit for SQLite databases, with a focus on application development
stephencelis/SQLite.swift|Swift|9800|A type-safe, Swift-language layer over SQLite3
vapor/vapor|Swift|24800|A server-side Swift HTTP web framework
vapor/fluent|Swift|1300|Vapor ORM (queries, models, and relations) for NoSQL and SQL databases
vapor/leaf|Swift|400|A Swift templating language
vapor/jwt-kit|Swift|200|JSON Web Token signing and verification (HMAC, RSA, PSS, ECDSA, EdDSA) using SwiftCrypto
vapor/postgres-nio|Swift|300|Non-blocking, event-driven Swift client for PostgreSQL
hummingbird-project/hummingbird|Swift|1300|Lightweight, flexible HTTP server framework written in Swift
swift-server/async-http-client|Swift|900|HTTP client library built on SwiftNIO
swift-server/swift-aws-lambda-runtime|Swift|1100|Swift implementation of AWS Lambda Runtime
grpc/grpc-swift|Swift|2000|The Swift language implementation of gRPC
grpc/grpc|C++|42500|The C based gRPC (C++, Python, Ruby, Objective-C, PHP, C#)
Quick/Quick|Swift|9700|The Swift (and Objective-C) testing framework
Quick/Nimble|Swift|4800|A Matcher Framework for Swift and Objective-C
uber/RIBs|Kotlin|7800|Uber's cross-platform mobile architecture framework
airbnb/lottie-ios|Swift|25700|An iOS library to natively render After Effects vector animations
airbnb/lottie-android|Java|35000|Render After Effects animations natively on Android and iOS, Web, and React Native
airbnb/epoxy-ios|Swift|1200|Epoxy is a suite of declarative UI APIs for building UIKit applications in Swift
airbnb/javascript|JavaScript|146000|JavaScript Style Guide
airbnb/swift|Markdown|2400|Airbnb's Swift Style Guide
ra1028/DifferenceKit|Swift|3600|A fast and flexible O(n) difference algorithm framework for Swift collection
ra1028/Carbon|Swift|1100|A declarative library for building component-based user interfaces in UITableView and UICollectionView
krzysztofzablocki/Sourcery|Swift|7700|Meta-programming for Swift, stop writing boilerplate code
krzysztofzablocki/Inject|Swift|2300|Hot Reloading for Swift applications
SwiftGen/SwiftGen|Swift|9200|The Swift code generator for your assets, storyboards, Localizable.strings, … — Get rid of all String-based APIs
mac-cain13/R.swift|Swift|9500|Strong typed, autocompleted resources like images, fonts and segues in Swift projects
yonaskolb/XcodeGen|Swift|7100|A Swift command line tool for generating your Xcode project
tuist/tuist|Swift|4600|A toolchain to generate, build, test, and share Xcode projects at scale
fastlane/fastlane|Ruby|39200|The easiest way to automate building and releasing your iOS and Android apps
CocoaPods/CocoaPods|Ruby|14600|The Cocoa Dependency Manager
Carthage/Carthage|Swift|15000|A simple, decentralized dependency manager for Cocoa
mxcl/PromiseKit|Swift|14200|Promises for Swift & ObjC
malcommac/SwiftDate|Swift|7600|Toolkit to parse, validate, manipulate, compare and display dates, time & timezones in Swift
marmelroy/PhoneNumberKit|Swift|5100|A Swift framework for parsing, formatting and validating international phone numbers
kishikawakatsumi/KeychainAccess|Swift|7900|Simple Swift wrapper for Keychain that works on iOS, watchOS, tvOS and macOS
daltoniam/Starscream|Swift|8400|Websockets in swift for iOS and OSX
danielgindi/Charts|Swift|27600|Beautiful charts for iOS/tvOS/OSX! The Apple side of the crossplatform MPAndroidChart
Juanpe/SkeletonView|Swift|12600|An elegant way to show users that something is happening and also prepare them to which contents they are awaiting
hackiftekhar/IQKeyboardManager|Swift|16500|Codeless drop-in universal library allows to prevent issues of keyboard sliding up and cover UITextField/UITextView
SwiftKickMobile/SwiftMessages|Swift|7300|A very flexible message bar for UIKit and SwiftUI
HeroTransitions/Hero|Swift|22000|Elegant transition library for iOS & tvOS
ninjaprox/NVActivityIndicatorView|Swift|10600|A collection of awesome loading animations
exyte/PopupView|Swift|3400|Toasts and popups library written with SwiftUI
siteline/swiftui-introspect|Swift|5700|Introspect underlying UIKit/AppKit components from SwiftUI
sindresorhus/KeyboardShortcuts|Swift|2200|Add user-customizable global keyboard shortcuts (hotkeys) to your macOS app in minutes
sindresorhus/Defaults|Swift|2100|Swifty and modern UserDefaults
sparkle-project/Sparkle|Objective-C|7800|A software update framework for macOS
rxhanson/Rectangle|Swift|26000|Move and resize windows on macOS with keyboard shortcuts and snap areas
exelban/stats|Swift|27000|macOS system monitor in your menu bar
iina/iina|Swift|38800|The modern video player for macOS
CodeEditApp/CodeEdit|Swift|21300|CodeEdit App for macOS – Elevate your code editing experience. Open source, free forever
signalapp/Signal-iOS|Swift|11000|A private messenger for iOS
wordpress-mobile/WordPress-iOS|Swift|3700|WordPress for iOS - Official repository
kodecocodes/swift-style-guide|Markdown|13100|The official Swift style guide for Kodeco
matteocrippa/awesome-swift|Swift|24800|A collaborative list of awesome Swift libraries and resources
vsouza/awesome-ios|Swift|50000|A curated list of awesome iOS ecosystem, including Objective-C and Swift Projects
dkhamsing/open-source-ios-apps|Markdown|45000|Collaborative List of Open-Source iOS Apps
kodecocodes/swift-algorithm-club|Swift|28800|Algorithms and data structures in Swift, with explanations!
twostraws/ControlRoom|Swift|6100|A macOS app to control the Xcode Simulator
twostraws/Inferno|Metal|2600|Metal shaders for SwiftUI
twostraws/HackingWithSwift|Swift|6000|The project source code for hackingwithswift.com
ivanvorobei/SPPermissions|Swift|5300|Ask permissions with ready-use interface
Ramotion/folding-cell|Swift|10200|An expanding content cell with animation inspired by folding paper card material design
facebook/react|JavaScript|229000|The library for web and native user interfaces
facebook/react-native|C++|119000|A framework for building native applications using React
facebook/zstd|C|23800|Zstandard - Fast real-time compression algorithm
facebook/rocksdb|C++|28700|A library that provides an embeddable, persistent key-value store for fast storage
facebook/folly|C++|28500|An open-source C++ library developed and used at Facebook
facebook/jest|TypeScript|44300|Delightful JavaScript Testing
facebook/docusaurus|TypeScript|57000|Easy to maintain open source documentation websites
facebook/lexical|TypeScript|20000|Lexical is an extensible text editor framework that provides excellent reliability, accessibility and performance
facebook/yoga|C++|17300|Yoga is an embeddable layout engine targeting web, Android, iOS, Windows and Unity
facebook/infer|OCaml|15000|A static analyzer for Java, C, C++, and Objective-C
reduxjs/redux|TypeScript|60900|A JS library for predictable global state management
reduxjs/react-redux|TypeScript|23400|Official React bindings for Redux
reduxjs/redux-toolkit|TypeScript|10800|The official, opinionated, batteries-included toolset for efficient Redux development
reduxjs/reselect|TypeScript|19000|Create memoized 'selector' functions
reduxjs/redux-thunk|TypeScript|17800|Thunk middleware for Redux
redux-saga/redux-saga|JavaScript|22500|An alternative side effect model for Redux apps
pmndrs/zustand|TypeScript|49000|Bear necessities for state management in React
pmndrs/jotai|TypeScript|19000|Primitive and flexible state management for React
mobxjs/mobx|TypeScript|27700|Simple, scalable state management
vuejs/vue|TypeScript|208000|This is the repo for Vue 2
vuejs/core|TypeScript|47800|Vue.js is a progressive, incrementally-adoptable JavaScript framework for building UI on the web
vuejs/pinia|TypeScript|13500|Intuitive, type safe, light and flexible Store for Vue using the composition api with DevTools support
sveltejs/svelte|JavaScript|80500|Web development for the rest of us
angular/angular|TypeScript|96500|Deliver web apps with confidence
ngrx/platform|TypeScript|8000|Reactive State for Angular
elm/compiler|Haskell|7600|Compiler for Elm, a functional language for reliable webapps
vercel/next.js|JavaScript|128000|The React Framework
vercel/swr|TypeScript|30600|React Hooks for Data Fetching
TanStack/query|TypeScript|43000|Powerful asynchronous state management, server-state utilities and data fetching for the web
microsoft/vscode|TypeScript|165000|Visual Studio Code
microsoft/TypeScript|TypeScript|101000|TypeScript is a superset of JavaScript that compiles to clean JavaScript output
microsoft/terminal|C++|95800|The new Windows Terminal and the original Windows console host
microsoft/playwright|TypeScript|67000|Playwright is a framework for Web Testing and Automation
microsoft/PowerToys|C#|112000|Windows system utilities to maximize productivity
dotnet/runtime|C#|15400|.NET is a cross-platform runtime for cloud, mobile, desktop, and IoT apps
dotnet/roslyn|C#|19100|The Roslyn .NET compiler provides C# and Visual Basic languages with rich code analysis APIs
google/guava|Java|50300|Google core libraries for Java
google/googletest|C++|34900|GoogleTest - Google Testing and Mocking Framework
google/leveldb|C++|36500|LevelDB is a fast key-value storage library written at Google
google/flatbuffers|C++|23300|FlatBuffers: Memory Efficient Serialization Library
google/zx|JavaScript|43000|A tool for writing better scripts
protocolbuffers/protobuf|C++|66000|Protocol Buffers - Google's data interchange format
golang/go|Go|124000|The Go programming language
rust-lang/rust|Rust|98500|Empowering everyone to build reliable and efficient software
rust-lang/cargo|Rust|12800|The Rust package manager
rust-lang/rust-analyzer|Rust|14400|A Rust compiler front-end for IDEs
python/cpython|Python|63700|The Python programming language
nodejs/node|JavaScript|108000|Node.js JavaScript runtime
denoland/deno|Rust|98000|A modern runtime for JavaScript and TypeScript
oven-sh/bun|Zig|74000|Incredibly fast JavaScript runtime, bundler, test runner, and package manager – all in one
ziglang/zig|Zig|35000|General-purpose programming language and toolchain for maintaining robust, optimal, and reusable software
JetBrains/kotlin|Kotlin|49500|The Kotlin Programming Language
Kotlin/kotlinx.coroutines|Kotlin|13100|Library support for Kotlin coroutines
flutter/flutter|Dart|166000|Flutter makes it easy and fast to build beautiful apps for mobile and beyond
dart-lang/sdk|Dart|10300|The Dart SDK, including the VM, JS and Wasm compilers, analysis, core libraries, and more
elixir-lang/elixir|Elixir|24400|Elixir is a dynamic, functional language for building scalable and maintainable applications
crystal-lang/crystal|Crystal|19500|The Crystal Programming Language
JuliaLang/julia|Julia|45800|The Julia Programming Language
ruby/ruby|Ruby|22400|The Ruby Programming Language
rails/rails|Ruby|56000|Ruby on Rails
php/php-src|C|38300|The PHP Interpreter
laravel/laravel|PHP|78900|Laravel is a web application framework with expressive, elegant syntax
django/django|Python|81000|The Web framework for perfectionists with deadlines
pallets/flask|Python|68300|The Python micro framework for building web applications
fastapi/fastapi|Python|78000|FastAPI framework, high performance, easy to learn, fast to code, ready for production
psf/requests|Python|52300|A simple, yet elegant, HTTP library
numpy/numpy|Python|28000|The fundamental package for scientific computing with Python
pandas-dev/pandas|Python|43800|Flexible and powerful data analysis / manipulation library for Python
scikit-learn/scikit-learn|Python|60000|scikit-learn: machine learning in Python
pytorch/pytorch|Python|84000|Tensors and Dynamic neural networks in Python with strong GPU acceleration
tensorflow/tensorflow|C++|186000|An Open Source Machine Learning Framework for Everyone
huggingface/transformers|Python|136000|State-of-the-art Machine Learning for Pytorch, TensorFlow, and JAX
ggerganov/llama.cpp|C++|68000|LLM inference in C/C++
ggerganov/whisper.cpp|C++|36000|Port of OpenAI's Whisper model in C/C++
ollama/ollama|Go|100000|Get up and running with Llama 3, Mistral, Gemma, and other large language models
openai/whisper|Python|71000|Robust Speech Recognition via Large-Scale Weak Supervision
langchain-ai/langchain|Python|95000|Build context-aware reasoning applications
AUTOMATIC1111/stable-diffusion-webui|Python|143000|Stable Diffusion web UI
kubernetes/kubernetes|Go|111000|Production-Grade Container Scheduling and Management
moby/moby|Go|68800|The Moby Project - a collaborative project for the container ecosystem to assemble container-based systems
docker/compose|Go|34000|Define and run multi-container applications with Docker
hashicorp/terraform|Go|42800|Terraform enables you to safely and predictably create, change, and improve infrastructure
prometheus/prometheus|Go|55800|The Prometheus monitoring system and time series database
grafana/grafana|TypeScript|65000|The open and composable observability and data visualization platform
etcd-io/etcd|Go|47800|Distributed reliable key-value store for the most critical data of a distributed system
redis/redis|C|67000|Redis is an in-memory database that persists on disk
postgres/postgres|C|16300|Mirror of the official PostgreSQL GIT repository
sqlite/sqlite|C|6900|Official Git mirror of the SQLite source tree
duckdb/duckdb|C++|24800|DuckDB is an analytical in-process SQL database management system
cockroachdb/cockroach|Go|30200|CockroachDB - the open source, cloud-native distributed SQL database
neovim/neovim|Vim Script|84000|Vim-fork focused on extensibility and usability
vim/vim|Vim Script|36800|The official Vim repository
helix-editor/helix|Rust|34000|A post-modern modal text editor
zed-industries/zed|Rust|50000|Code at the speed of thought – Zed is a high-performance, multiplayer code editor
alacritty/alacritty|Rust|56700|A cross-platform, OpenGL terminal emulator
wez/wezterm|Rust|18000|A GPU-accelerated cross-platform terminal emulator and multiplexer
tmux/tmux|C|35000|tmux source code
ohmyzsh/ohmyzsh|Shell|174000|A delightful community-driven framework for managing your zsh configuration
junegunn/fzf|Go|66000|A command-line fuzzy finder
BurntSushi/ripgrep|Rust|49000|ripgrep recursively searches directories for a regex pattern while respecting your gitignore
sharkdp/bat|Rust|50000|A cat(1) clone with wings
sharkdp/fd|Rust|34500|A simple, fast and user-friendly alternative to 'find'
jesseduffield/lazygit|Go|53000|simple terminal UI for git commands
charmbracelet/bubbletea|Go|28500|A powerful little TUI framework
charmbracelet/gum|Go|18800|A tool for glamorous shell scripts
ratatui/ratatui|Rust|11000|A Rust crate for cooking up terminal user interfaces
Textualize/rich|Python|50000|Rich is a Python library for rich text and beautiful formatting in the terminal
Textualize/textual|Python|26000|The lean application framework for Python
gui-cs/Terminal.Gui|C#|9800|Cross Platform Terminal UI toolkit for .NET
git/git|C|52500|Git Source Code Mirror
cli/cli|Go|37500|GitHub's official command line tool
github/gitignore|Markdown|162000|A collection of useful .gitignore templates
torvalds/linux|C|181000|Linux kernel source tree
curl/curl|C|36000|A command line tool and library for transferring data with URL syntax
nginx/nginx|C|24000|An official read-only mirror of http://hg.nginx.org/nginx/
caddyserver/caddy|Go|58000|Fast and extensible multi-platform HTTP/1-2-3 web server with automatic HTTPS
jqlang/jq|C|30500|Command-line JSON processor
tldr-pages/tldr|Markdown|51000|Collaborative cheatsheets for console commands
jlevy/the-art-of-command-line|Markdown|153000|Master the command line, in one page
kamranahmedse/developer-roadmap|TypeScript|298000|Interactive roadmaps, guides and other educational content to help developers grow in their careers
freeCodeCamp/freeCodeCamp|TypeScript|405000|freeCodeCamp.org's open-source codebase and curriculum
EbookFoundation/free-programming-books|Markdown|340000|Freely available programming books
sindresorhus/awesome|Markdown|333000|Awesome lists about all kinds of interesting topics
public-apis/public-apis|Python|318000|A collective list of free APIs
donnemartin/system-design-primer|Python|275000|Learn how to design large-scale systems
TheAlgorithms/Python|Python|190000|All Algorithms implemented in Python
trekhleb/javascript-algorithms|JavaScript|188000|Algorithms and data structures implemented in JavaScript with explanations and links to further readings
home-assistant/core|Python|73000|Open source home automation that puts local control and privacy first
excalidraw/excalidraw|TypeScript|86000|Virtual whiteboard for sketching hand-drawn like diagrams
tailwindlabs/tailwindcss|TypeScript|83000|A utility-first CSS framework for rapid UI development
twbs/bootstrap|MDX|170000|The most popular HTML, CSS, and JavaScript framework for developing responsive, mobile first projects on the web
d3/d3|Shell|109000|Bring data to life with SVG, Canvas and HTML
mrdoob/three.js|JavaScript|102000|JavaScript 3D Library
godotengine/godot|C++|91000|Godot Engine – Multi-platform 2D and 3D game engine
bevyengine/bevy|Rust|36500|A refreshingly simple data-driven game engine built in Rust
tauri-apps/tauri|Rust|83000|Build smaller, faster, and more secure desktop and mobile applications with a web frontend
electron/electron|C++|114000|Build cross-platform desktop apps with JavaScript, HTML, and CSS
square/okhttp|Kotlin|45800|Square's meticulous HTTP client for the JVM, Android, and GraalVM
square/retrofit|HTML|43000|A type-safe HTTP client for Android and the JVM
square/leakcanary|Kotlin|29300|A memory leak detection library for Android
square/workflow-swift|Swift|100|A Swift and Kotlin library for making composable state machines, and UIs driven by those state machines
square/workflow-kotlin|Kotlin|1000|A Swift and Kotlin library for making composable state machines, and UIs driven by those state machines
JakeWharton/timber|Kotlin|10500|A logger with a small, extensible API which provides utility on top of Android's normal Log class
android/architecture-samples|Kotlin|44500|A collection of samples to discuss and showcase different architectural tools and patterns for Android apps
android/nowinandroid|Kotlin|17000|A fully functional Android app built entirely with Kotlin and Jetpack Compose
airbnb/mavericks|Kotlin|5800|Mavericks: Android on Autopilot
tonyarnold/Differ|Swift|700|Swift library to generate differences and patches between collections
Instagram/IGListKit|Objective-C|12900|A data-driven UICollectionView framework for building fast and flexible lists
TextureGroup/Texture|Objective-C++|8000|Smooth asynchronous user interfaces for iOS apps
layoutBox/FlexLayout|Swift|2000|FlexLayout adds a nice Swift interface to the highly optimized facebook/yoga flexbox implementation
roberthein/TinyConstraints|Swift|4000|Nothing but sugar
AFNetworking/AFNetworking|Objective-C|33300|A delightful networking framework for iOS, macOS, watchOS, and tvOS
jdg/MBProgressHUD|Objective-C|16000|MBProgressHUD + Customizations
Flipboard/FLEX|Objective-C|14200|An in-app debugging and exploration tool for iOS
CocoaLumberjack/CocoaLumberjack|Objective-C|13200|A fast & simple, yet powerful & flexible logging framework for macOS, iOS, tvOS and watchOS
SwiftyBeaver/SwiftyBeaver|Swift|5900|Convenient & secure logging during development & release in Swift
Swinject/Swinject|Swift|6300|Dependency injection framework for Swift with iOS/macOS/Linux
hmlongco/Factory|Swift|2000|A new approach to Container-Based Dependency Injection for Swift and SwiftUI
pointfreeco/episode-code-samples|Swift|1000|Point-Free episode code
nalexn/clean-architecture-swiftui|Swift|6100|SwiftUI sample app using Clean Architecture
sergdort/CleanArchitectureRxSwift|Swift|4000|Example of Clean Architecture of iOS app using RxSwift
devxoul/RxTodo|Swift|1300|iOS Todo Application using RxSwift and ReactorKit
devxoul/Then|Swift|4200|Super sweet syntactic sugar for Swift initializers
devxoul/URLNavigator|Swift|3300|Elegant URL Routing for Swift
devxoul/Pure|Swift|350|Pure DI in Swift
johnpatrickmorgan/TCACoordinators|Swift|400|Powerful navigation in the Composable Architecture via the coordinator pattern
johnpatrickmorgan/FlowStacks|Swift|800|FlowStacks allows you to hoist SwiftUI navigation and presentation state into a Coordinator
quickbirdstudios/XCoordinator|Swift|2300|Powerful navigation library for iOS based on the coordinator pattern
mattgallagher/CwlSignal|Swift|300|A Swift framework for reactive programming
mattgallagher/CwlViews|Swift|100|A Swift library for declarative user interfaces
OpenCombine/OpenCombine|Swift|2700|Open source implementation of Apple's Combine framework for processing values over time
GitHawkApp/GitHawk|Swift|2800|The best iOS app for GitHub
Dimillian/IceCubesApp|Swift|5800|A SwiftUI Mastodon client
Dimillian/MovieSwiftUI|Swift|6500|SwiftUI & Combine app using MovieDB API. With a custom Flux (Redux) implementation
Dimillian/RedditOS|Swift|4000|The product name is Curiosity, a SwiftUI Reddit client for macOS Big Sur
Finb/Bark|Swift|6000|Bark is an iOS App which allows you to push custom notifications to your iPhone
insidegui/VirtualBuddy|Swift|8400|Virtualize macOS 12 and later on Apple Silicon
KhaosT/MacVM|Swift|2000|macOS VM for Apple Silicon using Virtualization API
utmapp/UTM|Swift|27500|Virtual machines for iOS and macOS
gao-sun/eul|Swift|9300|macOS status monitoring app written in SwiftUI
MonitorControl/MonitorControl|Swift|29000|Control your display's brightness & volume on your Mac as if it was a native Apple Display
lwouis/alt-tab-macos|Swift|11000|Windows alt-tab on macOS
p0deje/Maccy|Swift|13000|Lightweight clipboard manager for macOS
ianyh/Amethyst|Swift|15000|Automatic tiling window manager for macOS à la xmonad
koekeishiya/yabai|C|24000|A tiling window manager for macOS based on binary space partitioning
nikitabobko/AeroSpace|Swift|10000|AeroSpace is an i3-like tiling window manager for macOS
Ranchero-Software/NetNewsWire|Swift|9000|RSS reader for macOS and iOS
mozilla-mobile/firefox-ios|Swift|12100|Firefox for iOS
duckduckgo/iOS|Swift|1700|DuckDuckGo iOS Application
wikimedia/wikipedia-ios|Swift|3000|The official Wikipedia iOS app
home-assistant/iOS|Swift|1600|Home Assistant for Apple Platforms
shadowsocks/ShadowsocksX-NG|Swift|32000|Next Generation of ShadowsocksX
"""#
}

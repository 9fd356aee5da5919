import CGtk
import PoolTableDemoKit
@_spi(Interop) import PoolTableGtk
#if canImport(PoolTableResources)
import PoolTableResources
#endif

/// The GtkApplication: command-line options, app-wide actions and shortcuts, the style
/// sheet, and the main window.
@MainActor
public final class Application {
    static let id = "io.github.pooltable.PoolTable"
    static let name = "PoolTable"
    static let version = "0.3.0"
    static let resourcePath = "/io/github/pooltable/PoolTable"

    let app: UnsafeMutablePointer<GtkApplication>
    private var options = LaunchOptions()
    private var window: MainWindow?

    public init() {
        // Translations first: option descriptions (--help) are looked up while declaring them.
        // The locale is set here, so GTK must not set it again (it would undo the C.UTF-8
        // fallback that lets LANGUAGE work without LANG; see Localization.start).
        gtk_disable_setlocale()
        Localization.start(localeDirectory: CatalogLocation.localeDirectory())
        Self.registerResources()
        // Non-unique: each launch gets its own window and honours its own options.
        app = gtk_application_new(Self.id, G_APPLICATION_NON_UNIQUE)
        LaunchOptions.declare(on: app)
        Signal.connectPointerReturningInt(app, "handle-local-options") { [unowned self] dict in
            guard let dict else { return -1 }
            switch LaunchOptions.parse(dict.assumingMemoryBound(to: GVariantDict.self)) {
            case .success(let options) where options.showVersion:
                print("pooltable \(Self.version)")
                return 0
            case .success(let options):
                self.options = options
                return -1  // go on
            case .failure(let error):
                printError("pooltable: \(error.message)")
                return 2
            }
        }
        Signal.connect(app, "startup") { [unowned self] in self.startup() }
        Signal.connect(app, "activate") { [unowned self] in self.activate() }
    }

    /// Runs the main loop; returns the exit status.
    public func run() -> Int32 {
        let status = g_application_run(app.cast(to: GApplication.self), CommandLine.argc, CommandLine.unsafeArgv)
        window = nil
        g_object_unref(app)
        return status
    }

    // MARK: Life cycle

    private func startup() {
        // The GL renderer churns MiB of frame buffers through malloc: give freed pages back
        // every 30 s, or RSS creeps up by steps while nothing leaks (HeapTrimmer, issue 26).
        HeapTrimmer.start()
        loadStyleSheet()
        addAction("about") { [unowned self] in self.showAbout() }
        addAction("quit") { [unowned self] in self.quit() }
        setAccels("app.quit", ["<Control>q"])
        setAccels("win.show-help-overlay", ["<Control>question", "<Control>slash"])
        setAccels("win.edit", ["<Control>e"])
        setAccels("win.leave-edit", ["Escape"])
        setAccels("win.debug", ["<Control>d"])
        setAccels("win.search", ["<Control>f"])
        setAccels("win.select-all", ["<Control>a"])
    }

    private func activate() {
        if window == nil { window = MainWindow(application: app, options: options) }
        window?.present()
    }

    private func quit() {
        window?.close()
        g_application_quit(app.cast(to: GApplication.self))
    }

    private func showAbout() {
        let about = gtk_about_dialog_new()!
        let dialog = about.opaque
        gtk_about_dialog_set_program_name(dialog, Self.name)
        gtk_about_dialog_set_version(dialog, Self.version)
        gtk_about_dialog_set_logo_icon_name(dialog, Self.id)
        gtk_about_dialog_set_comments(dialog, tr("A table view that recycles its rows, and shows you how."))
        gtk_about_dialog_set_website(dialog, "https://github.com/pooltable/pooltable")
        gtk_about_dialog_set_website_label(dialog, tr("Website"))
        gtk_about_dialog_set_copyright(dialog, tr("© 2024 The PoolTable authors"))
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        // Translators: your name and e-mail, one translator a line; shown under "Translated by".
        let credits = tr("translator-credits")
        if credits != "translator-credits" { gtk_about_dialog_set_translator_credits(dialog, credits) }
        if let window { gtk_window_set_transient_for(about.cast(to: GtkWindow.self), window.window.cast(to: GtkWindow.self)) }
        gtk_window_set_modal(about.cast(to: GtkWindow.self), 1)
        gtk_window_present(about.cast(to: GtkWindow.self))
    }

    // MARK: Resources

    /// Registers the compiled GResource bundle (style sheet, shortcuts window, icon) when
    /// the package builds it; the app runs without it.
    private static func registerResources() {
        #if canImport(PoolTableResources)
        pooltable_resources_register()
        #endif
    }

    private static func hasResource(_ path: String) -> Bool {
        g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }

    private func loadStyleSheet() {
        let path = Self.resourcePath + "/style.css"
        guard Self.hasResource(path), let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, path)
        gtk_style_context_add_provider_for_display(display, provider.opaque, guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    // MARK: Helpers

    private func addAction(_ name: String, _ body: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signal.connectPointer(action, "activate") { _ in body() }
        g_action_map_add_action(app.opaque, action.opaque)
        g_object_unref(action.rawPointer)
    }

    private func setAccels(_ action: String, _ accels: [String]) {
        withCStringArray(accels) { gtk_application_set_accels_for_action(app, action, $0) }
    }
}

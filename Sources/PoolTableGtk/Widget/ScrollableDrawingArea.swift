import CGtk

/// `PoolTableScrollableArea`: a `GtkDrawingArea` subclass, registered from Swift, that
/// implements `GtkScrollable`. Put inside a `GtkScrolledWindow` it gets overlay scrollbars
/// and kinetic scrolling for free while staying viewport-sized: the content offset lives
/// in the vertical `GtkAdjustment`, never in the widget's height (a drawing area as tall
/// as a million rows cannot be drawn).
///
/// The subclass adds no instance fields; its state (adjustments, scroll policies, the
/// height it reports) lives in a `ScrollableState` attached with qdata.
@MainActor
enum ScrollableDrawingArea {
    /// The registered `GType` (registered on first use).
    static let type: GType = register()

    /// A new, floating instance.
    static func make() -> UnsafeMutablePointer<GtkWidget> {
        g_object_new_with_properties(type, 0, nil, nil)!.widget
    }

    /// The state attached to an instance (created on first access).
    static func state(of instance: some GPointer) -> ScrollableState {
        let object = instance.object
        if let p = g_object_get_qdata(object, quark) {
            return Unmanaged<ScrollableState>.fromOpaque(p).takeUnretainedValue()
        }
        let state = ScrollableState()
        let release: @convention(c) (gpointer?) -> Void = { p in
            guard let p else { return }
            Unmanaged<ScrollableState>.fromOpaque(p).release()
        }
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(state).toOpaque(), release)
        return state
    }

    // MARK: Registration

    private enum Property: guint {
        case hadjustment = 1, vadjustment, hscrollPolicy, vscrollPolicy
        var name: String {
            switch self {
            case .hadjustment: "hadjustment"
            case .vadjustment: "vadjustment"
            case .hscrollPolicy: "hscroll-policy"
            case .vscrollPolicy: "vscroll-policy"
            }
        }
    }

    private static let quark = g_quark_from_string("pooltable-scrollable-state")

    private static func register() -> GType {
        let parent = gtk_drawing_area_get_type()
        var query = GTypeQuery()
        g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            guard let klass else { return }
            ParentClass.pointer = g_type_class_peek_parent(klass)
            let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
            objectClass.pointee.set_property = { object, id, value, _ in
                guard let object, let property = Property(rawValue: id), let value else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated { ScrollableDrawingArea.set(property, of: o, to: v) }
            }
            objectClass.pointee.get_property = { object, id, value, _ in
                guard let object, let property = Property(rawValue: id), let value else { return }
                nonisolated(unsafe) let o = object, v = value
                MainActor.assumeIsolated { ScrollableDrawingArea.get(property, of: o, into: v) }
            }
            for property in [Property.hadjustment, .vadjustment, .hscrollPolicy, .vscrollPolicy] {
                g_object_class_override_property(objectClass, property.rawValue, property.name)
            }
            objectClass.pointee.dispose = { object in
                guard let object else { return }
                nonisolated(unsafe) let o = object
                MainActor.assumeIsolated { ScrollableDrawingArea.dispose(o) }
                let parentClass = ParentClass.pointer?.assumingMemoryBound(to: GObjectClass.self)
                parentClass?.pointee.dispose?(object)
            }
            let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
            // Assistive technology sees a list; its items are child widgets (AccessibleRows).
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_LIST)
            widgetClass.pointee.size_allocate = { widget, width, height, baseline in
                guard let widget else { return }
                nonisolated(unsafe) let w = widget
                // The drawing area's own allocate only emits `resize`: chain up only when the
                // size changed, not on every allocation the children ask for.
                let resized = MainActor.assumeIsolated { ScrollableDrawingArea.noteAllocation(of: w, width: width, height: height) }
                if resized {
                    let parentClass = ParentClass.pointer?.assumingMemoryBound(to: GtkWidgetClass.self)
                    parentClass?.pointee.size_allocate?(widget, width, height, baseline)
                }
                MainActor.assumeIsolated { ScrollableDrawingArea.state(of: w).onSizeAllocate?(width, height) }
            }
            widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minBaseline, natBaseline in
                guard let widget else { return }
                if orientation == GTK_ORIENTATION_VERTICAL {
                    nonisolated(unsafe) let w = widget
                    let height = MainActor.assumeIsolated { ScrollableDrawingArea.state(of: w).naturalHeight }
                    minimum?.pointee = 0
                    natural?.pointee = height
                    minBaseline?.pointee = -1
                    natBaseline?.pointee = -1
                } else {
                    let parentClass = ParentClass.pointer?.assumingMemoryBound(to: GtkWidgetClass.self)
                    parentClass?.pointee.measure?(widget, orientation, forSize, minimum, natural, minBaseline, natBaseline)
                    // Content wider than the view (a table's columns): the horizontal scrollbar.
                    nonisolated(unsafe) let w = widget
                    let width = MainActor.assumeIsolated { ScrollableDrawingArea.state(of: w).naturalWidth }
                    if let natural, natural.pointee < width { natural.pointee = width }
                }
            }
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget, let snapshot else { return }
                nonisolated(unsafe) let w = widget, s = snapshot
                let handled = MainActor.assumeIsolated { ScrollableDrawingArea.state(of: w).onSnapshot?(s) ?? false }
                guard !handled else { return }
                let parentClass = ParentClass.pointer?.assumingMemoryBound(to: GtkWidgetClass.self)
                parentClass?.pointee.snapshot?(widget, snapshot)
            }
            widgetClass.pointee.css_changed = { widget, change in
                let parentClass = ParentClass.pointer?.assumingMemoryBound(to: GtkWidgetClass.self)
                parentClass?.pointee.css_changed?(widget, change)
                guard let widget else { return }
                nonisolated(unsafe) let w = widget
                MainActor.assumeIsolated { ScrollableDrawingArea.state(of: w).onStyleChanged?() }
            }
        }
        let type = g_type_register_static(parent, "PoolTableScrollableArea", &info, GTypeFlags(rawValue: 0))
        var scrollable = GInterfaceInfo()
        scrollable.interface_init = { _, _ in }
        g_type_add_interface_static(type, gtk_scrollable_get_type(), &scrollable)
        return type
    }

    /// Records an allocation's size; true when it differs from the last one.
    private static func noteAllocation(of widget: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) -> Bool {
        let state = state(of: widget)
        guard state.allocatedSize != (width, height) else { return false }
        state.allocatedSize = (width, height)
        return true
    }

    /// Lets the owner drop its child widgets, then unparents whatever children are left
    /// (GTK finalizes a widget only once it has none).
    private static func dispose(_ object: UnsafeMutablePointer<GObject>) {
        let widget = object.widget
        state(of: widget).onDispose?()
        while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
    }

    private static func set(_ property: Property, of object: UnsafeMutablePointer<GObject>, to value: UnsafePointer<GValue>) {
        let state = state(of: object)
        switch property {
        case .hadjustment, .vadjustment:
            let adjustment = g_value_get_object(value).map { $0.cast(to: GtkAdjustment.self) }
                ?? gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
            state.setAdjustment(adjustment, vertical: property == .vadjustment)
        case .hscrollPolicy:
            state.hscrollPolicy = GtkScrollablePolicy(rawValue: UInt32(bitPattern: g_value_get_enum(value)))
        case .vscrollPolicy:
            state.vscrollPolicy = GtkScrollablePolicy(rawValue: UInt32(bitPattern: g_value_get_enum(value)))
        }
    }

    private static func get(_ property: Property, of object: UnsafeMutablePointer<GObject>, into value: UnsafeMutablePointer<GValue>) {
        let state = state(of: object)
        switch property {
        case .hadjustment: g_value_set_object(value, state.hadjustment.map { UnsafeMutableRawPointer($0) })
        case .vadjustment: g_value_set_object(value, state.vadjustment.map { UnsafeMutableRawPointer($0) })
        case .hscrollPolicy: g_value_set_enum(value, Int32(bitPattern: state.hscrollPolicy.rawValue))
        case .vscrollPolicy: g_value_set_enum(value, Int32(bitPattern: state.vscrollPolicy.rawValue))
        }
    }
}

/// The parent class (`GtkDrawingAreaClass`) for chaining up, set once in class_init.
private enum ParentClass {
    nonisolated(unsafe) static var pointer: gpointer?
}

/// What a `PoolTableScrollableArea` instance keeps: its adjustments (referenced, with a
/// `value-changed` handler each) and the callbacks its owner installs.
final class ScrollableState {
    private(set) var hadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private(set) var vadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var hHandler: gulong = 0
    private var vHandler: gulong = 0
    /// Natural: the scrolled window shows its horizontal scrollbar when the natural width
    /// (`naturalWidth`, the content's when wider) exceeds the viewport.
    var hscrollPolicy = GTK_SCROLL_NATURAL
    /// Natural: the scrolled window shows its scrollbar when the natural height (the
    /// content's) exceeds the viewport.
    var vscrollPolicy = GTK_SCROLL_NATURAL
    /// The vertical natural size reported to GTK (the content height, capped to what an
    /// `int` can hold); the minimum is always 0.
    var naturalHeight: Int32 = 0
    /// The horizontal natural size reported to GTK: the content's breadth when it is wider
    /// than the view (a table's columns), else 0 (the drawing area's own).
    var naturalWidth: Int32 = 0

    /// A new adjustment was set (by the scrolled window): configure it.
    var onAdjustmentReplaced: (@MainActor (_ vertical: Bool) -> Void)?
    /// An adjustment's value changed (scrollbar, wheel, kinetic scrolling, or us).
    var onValueChanged: (@MainActor (_ vertical: Bool) -> Void)?
    /// The widget's CSS changed (theme, dark mode, style classes).
    var onStyleChanged: (@MainActor () -> Void)?
    /// After the widget was allocated (its size in `allocatedSize`): place the children.
    var onSizeAllocate: (@MainActor (_ width: Int32, _ height: Int32) -> Void)?
    /// The widget is being disposed: release the children.
    var onDispose: (@MainActor () -> Void)?
    /// The size of the last allocation (-1 × -1 before the first).
    var allocatedSize: (Int32, Int32) = (-1, -1)
    /// Draws the widget's content into the `GtkSnapshot *` (render nodes); false (or
    /// unset) chains up to `GtkDrawingArea`'s snapshot.
    var onSnapshot: (@MainActor (OpaquePointer) -> Bool)?

    @MainActor
    func setAdjustment(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, vertical: Bool) {
        guard adjustment != (vertical ? vadjustment : hadjustment) else { return }
        g_object_ref_sink(adjustment)
        if vertical {
            release(vadjustment, vHandler)
            vadjustment = adjustment
            vHandler = Signal.connect(adjustment, "value-changed") { [weak self] in self?.onValueChanged?(true) }
        } else {
            release(hadjustment, hHandler)
            hadjustment = adjustment
            hHandler = Signal.connect(adjustment, "value-changed") { [weak self] in self?.onValueChanged?(false) }
        }
        onAdjustmentReplaced?(vertical)
    }

    deinit {
        release(hadjustment, hHandler)
        release(vadjustment, vHandler)
    }

    private func release(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?, _ handler: gulong) {
        guard let adjustment else { return }
        if handler != 0 { g_signal_handler_disconnect(adjustment, handler) }
        g_object_unref(adjustment)
    }
}

import CGtk
@_spi(Hosting) @_spi(Diagnostics) import PoolTable
@_spi(Interop) import PoolTableGtk
import PoolTableDemoKit

// The two toolkits of `pooltable-bench layouts` part 1 (LayoutsBench.swift): the Layout
// Gallery's swatch grid, on PoolTable and on GtkGridView, each run by `gui-one`.

/// PoolTable's side: the swatch grid in a `TableWidget` hosting a `CollectionView`.
@MainActor
final class SwatchGridHost: BenchChildHost {
    let table: TableWidget
    let source: SwatchGridSource
    var notes: [String] = []
    var view: CollectionView { table.collectionView! }

    init(count: Int) {
        source = SwatchGridSource(count: count)
        table = TableWidget(hosting: SwatchGridSource.makeView(frame: .zero, source: source))
    }

    var widget: UnsafeMutablePointer<GtkWidget> { table.widget }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)) }
    var tableWidget: TableWidget? { table }
    var binds: Int { source.binds }
    var alive: Int { view.cellsAlive }
    var created: Int { view.cellsCreated }
    var visibleRows: Int { view.indexPathsForVisibleItems.count }
    /// The cell's height (the item frame: the group's 120 less the item's insets).
    var rowHeights: [Double] { [view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height ?? 0] }
    var columnWidths: [Double]? { view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)).map { [$0.frame.width] } }
}

/// GtkGridView's side, in its fairest form for this content: a `GtkStringList` of the same
/// items' titles in a `GtkNoSelection`; a `GtkSignalListItemFactory` whose setup builds one
/// small widget tree per cell (a `GtkOverlay` over a vertical `GtkBox` of a `GtkDrawingArea`
/// for the swatch, drawn with cairo as PoolTable's cell draws it, and a caption `GtkLabel`;
/// the badge is a `GtkLabel` styled as a red circle in the overlay, hidden for a zero count),
/// and whose bind sets the title, the colour and the count of `LayoutsController.swatch(n)`;
/// 5 columns (`min-columns` = `max-columns`), cells the size of PoolTable's (a 156.8 x 120
/// group slot: the gallery's 8 px section insets as the grid's CSS padding, the item's
/// insets as the box's margins); the pinned "Colours" header as a label above the scrolled
/// window (GtkGridView in GTK 4.8 has no section headers). Adwaita's padding of grid cells
/// and margin of boxes in them are set to zero, and fonts to PoolTable's pixel sizes.
@MainActor
final class SwatchGridViewHost: BenchChildHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    let gridView: UnsafeMutablePointer<GtkWidget>
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private(set) var setups = 0
    private(set) var teardowns = 0
    private(set) var binds = 0
    var notes: [String] = []

    /// A cell's colour, read by its swatch's draw function.
    private final class SwatchColour { var rgb: UInt32 = 0xffffff }
    /// The parts of each list item's widget tree that bind touches.
    private var parts: [OpaquePointer: (area: UnsafeMutablePointer<GtkWidget>, title: UnsafeMutablePointer<GtkWidget>,
                                         badge: UnsafeMutablePointer<GtkWidget>, colour: SwatchColour)] = [:]

    var tableWidget: TableWidget? { nil }
    var alive: Int { setups - teardowns }
    var created: Int { setups }
    var vadjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) }

    static let css = """
    gridview.swatches { padding: 0 8px; }
    gridview.swatches > child { padding: 0; }
    gridview.swatches > child box { margin: 0; border-spacing: 0; }
    label.swatch-title { font-size: 12px; }
    label.swatch-badge { background-color: #e01b24; color: white; border-radius: 11px; min-width: 22px; min-height: 22px;
                         padding: 0; font-size: 12px; }
    label.swatch-header { font-size: 14px; font-weight: 600; }
    """

    init(count: Int) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, Self.css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider).map { $0 },
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        let list = gtk_string_list_new(nil)!
        for n in 0..<count { gtk_string_list_append(list, LayoutsController.swatch(n).title) }
        let selection = gtk_no_selection_new(list.opaque)!   // takes the list
        let factory = gtk_signal_list_item_factory_new()!
        gridView = gtk_grid_view_new(selection.opaque, factory)   // takes both
        gtk_grid_view_set_min_columns(OpaquePointer(gridView), 5)
        gtk_grid_view_set_max_columns(OpaquePointer(gridView), 5)
        gtk_widget_add_css_class(gridView, "swatches")
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), gridView)
        gtk_widget_set_vexpand(scrolled, 1)
        let header = gtk_label_new("Colours")!
        gtk_label_set_xalign(header.opaque, 0)
        gtk_widget_add_css_class(header, "swatch-header")
        gtk_widget_set_size_request(header, -1, 30)
        gtk_widget_set_margin_start(header, 24)
        gtk_widget_set_margin_top(header, 10)
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(widget.cast(to: GtkBox.self), header)
        gtk_box_append(widget.cast(to: GtkBox.self), scrolled)

        Signal.connectPointer(factory, "setup") { [unowned self] item in
            guard let item else { return }
            self.setups += 1
            let colour = SwatchColour()
            let area = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_height(area.cast(to: GtkDrawingArea.self), 80)
            MainLoop.setDrawFunction(area) { [colour] cr, width, height in
                Self.drawSwatch(cr, width: Double(width), height: Double(height), rgb: colour.rgb)
            }
            let title = gtk_label_new(nil)!
            gtk_widget_add_css_class(title, "swatch-title")
            gtk_widget_set_size_request(title, -1, 20)
            gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            gtk_widget_set_margin_top(box, 10)
            gtk_widget_set_margin_start(box, 8)
            gtk_widget_set_margin_bottom(box, 6)
            gtk_widget_set_margin_end(box, 8)
            gtk_box_append(box.cast(to: GtkBox.self), area)
            gtk_box_append(box.cast(to: GtkBox.self), title)
            // The badge: 22 px, its top trailing corner 0.3 of its size out of the swatch's.
            let badge = gtk_label_new(nil)!
            gtk_widget_add_css_class(badge, "swatch-badge")
            gtk_widget_set_halign(badge, GTK_ALIGN_END)
            gtk_widget_set_valign(badge, GTK_ALIGN_START)
            gtk_widget_set_margin_top(badge, 3)
            gtk_widget_set_margin_end(badge, 1)
            let overlay = gtk_overlay_new()!
            gtk_overlay_set_child(overlay.opaque, box)
            gtk_overlay_add_overlay(overlay.opaque, badge)
            gtk_list_item_set_child(OpaquePointer(item), overlay)
            self.parts[OpaquePointer(item)] = (area, title, badge, colour)
        }
        Signal.connectPointer(factory, "bind") { [unowned self] item in
            guard let item, let p = self.parts[OpaquePointer(item)], let object = gtk_list_item_get_item(OpaquePointer(item)) else { return }
            self.binds += 1
            let swatch = LayoutsController.swatch(Int(gtk_list_item_get_position(OpaquePointer(item))))
            gtk_label_set_text(p.title.opaque, gtk_string_object_get_string(OpaquePointer(object)))
            if p.colour.rgb != swatch.rgb {
                p.colour.rgb = swatch.rgb
                gtk_widget_queue_draw(p.area)
            }
            let count = swatch.detail.flatMap { Int($0) } ?? 0
            gtk_widget_set_visible(p.badge, count > 0 ? 1 : 0)
            if count > 0 { gtk_label_set_text(p.badge.opaque, "\(count)") }
        }
        Signal.connectPointer(factory, "teardown") { [unowned self] item in
            self.teardowns += 1
            if let item { self.parts[OpaquePointer(item)] = nil }
        }
    }

    /// The swatch as `SwatchCell` fills it: a rounded rectangle of radius 8.
    static func drawSwatch(_ cr: OpaquePointer, width: Double, height: Double, rgb: UInt32) {
        let r = 8.0
        cairo_new_sub_path(cr)
        cairo_arc(cr, width - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cr, width - r, height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, r, height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, Double((rgb >> 16) & 0xff) / 255, Double((rgb >> 8) & 0xff) / 255, Double(rgb & 0xff) / 255)
        cairo_fill(cr)
    }

    /// Cell widgets whose bounds meet the grid's allocation.
    var visibleRows: Int {
        let height = Float(gtk_widget_get_height(gridView))
        var count = 0
        var child = gtk_widget_get_first_child(gridView)
        while let c = child {
            var b = graphene_rect_t()
            if gtk_widget_get_child_visible(c) != 0, gtk_widget_compute_bounds(c, gridView, &b) != 0,
               b.size.height > 0, b.origin.y < height, b.origin.y + b.size.height > 0 { count += 1 }
            child = gtk_widget_get_next_sibling(c)
        }
        return count
    }

    /// The first cell widget's size: its height (and width in `columnWidths`).
    private var firstCellSize: (Double, Double)? {
        guard let c = gtk_widget_get_first_child(gridView) else { return nil }
        return (Double(gtk_widget_get_width(c)), Double(gtk_widget_get_height(c)))
    }
    var rowHeights: [Double] { firstCellSize.map { [$0.1] } ?? [] }
    var columnWidths: [Double]? { firstCellSize.map { [$0.0] } }
}

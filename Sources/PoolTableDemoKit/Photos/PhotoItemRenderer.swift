import Glibc
import PoolTable

/// Draws one grid item of the Photos screen: the photo's thumbnail with rounded corners,
/// its date line underneath and, in edit mode, a check badge in the thumbnail's top-right
/// corner. A selected photo shrinks a little inside an accent ring.
///
/// Stateless: a grid cell calls `draw` from its own `draw(in:bounds:)` with its editing and
/// selection progress (the same numbers `TableViewCell` animates its checkbox with).
/// The item's background is left to the view.
@MainActor
public enum PhotoItemRenderer {
    /// The height of the date line under the thumbnail.
    public nonisolated static let dateLineHeight = 22.0
    public nonisolated static let cornerRadius = 6.0
    /// The check badge's radius when fully shown.
    public nonisolated static let badgeRadius = 11.0
    /// How far a selected photo's thumbnail shrinks on each side, as a fraction of its width.
    public nonisolated static let selectedInset = 0.045

    /// The size of an item whose square thumbnail is `thumbnailSide` wide.
    public nonisolated static func itemSize(thumbnailSide: Double) -> Size {
        Size(width: thumbnailSide, height: thumbnailSide + dateLineHeight)
    }

    /// Where the thumbnail goes in an item's `bounds` (unselected): all but the date line.
    public nonisolated static func thumbnailRect(in bounds: Rect) -> Rect {
        Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: max(0, bounds.height - dateLineHeight))
    }

    /// The centre of the check badge in an item's `bounds`.
    public nonisolated static func badgeCenter(in bounds: Rect) -> Point {
        let thumb = thumbnailRect(in: bounds)
        let inset = 6 + badgeRadius
        return Point(x: thumb.maxX - inset, y: thumb.minY + inset)
    }

    /// What a screen reader says for the photo ("Photo, 3 November 2026" in English).
    public nonisolated static func accessibilityLabel(for photo: Photo, format: PhotoFormat = .english) -> String {
        format.accessibilityLabel(photo)
    }

    /// Draws the item.
    /// - Parameters:
    ///   - editingProgress: 0 outside edit mode, 1 in it; the badge fades and grows in with it.
    ///   - selectionProgress: 0 unchecked, 1 checked, animating in between (in edit mode).
    ///   - isSelected: outside edit mode a selected item shows selected at once, as table rows do.
    ///   - isHighlighted: pressed; the thumbnail darkens a little.
    ///   - dateCache: a text slot the cell owns, so the canvas keeps the date line's layout.
    ///   - picture: a folder photo's decoded picture; while it loads (nil) a placeholder tint
    ///     stands in. A generated photo (no file) is drawn from its id.
    ///   - pictureFailed: the photo's file could not be shown: the placeholder carries an
    ///     error badge (`drawErrorBadge`).
    public static func draw(photo: Photo, in canvas: Canvas, bounds: Rect, editingProgress: Double, selectionProgress: Double,
                            isSelected: Bool, isHighlighted: Bool = false, format: PhotoFormat = .english,
                            dateCache: TextCache? = nil, picture: Image? = nil, pictureFailed: Bool = false) {
        guard !bounds.isEmpty, bounds.width.isFinite, bounds.height.isFinite else { return }
        let theme = canvas.theme
        let edit = clamp(editingProgress), checked = clamp(selectionProgress)
        let selection = edit > 0 ? checked : (isSelected ? 1 : 0)
        let full = thumbnailRect(in: bounds)

        // The thumbnail, shrinking inside an accent ring as it is selected.
        let inset = (full.width * selectedInset * selection).rounded()
        let thumb = full.insetBy(dx: inset, dy: inset)
        if selection > 0 {
            canvas.fill(.roundedRect(full, radius: cornerRadius + 1), color: theme.accent.withAlpha(0.22 * selection))
        }
        if photo.file == nil {
            PhotoThumbnail.draw(photoID: photo.id, in: canvas, rect: thumb, cornerRadius: cornerRadius)
        } else if let picture {
            canvas.drawImage(picture, in: thumb, contentMode: .scaleAspectFill, cornerRadius: cornerRadius)
        } else {
            canvas.fill(.roundedRect(thumb, radius: cornerRadius), color: placeholderTint(theme))
            if pictureFailed { drawErrorBadge(in: canvas, center: Point(x: thumb.midX, y: thumb.midY)) }
        }
        if isHighlighted { canvas.fill(.roundedRect(thumb, radius: cornerRadius), color: Color.black.withAlpha(0.18)) }
        if selection > 0 {
            canvas.stroke(.roundedRect(full.insetBy(dx: 1.25, dy: 1.25), radius: cornerRadius),
                          color: theme.accent.withAlpha(selection), lineWidth: 2.5)
        }

        // The date line.
        let text = format.dateLine(photo.date)
        let style = TextStyle(font: Font(size: 12, weight: selection > 0.5 ? .semibold : .regular),
                              color: theme.secondaryForeground.mixed(with: theme.accent, selection), alignment: .center)
        let line = Rect(x: bounds.minX, y: full.maxY, width: bounds.width, height: min(dateLineHeight, bounds.maxY - full.maxY))
        let textHeight = canvas.measureText(text, width: line.width, style: style, cache: dateCache).height
        canvas.drawText(text, in: Rect(x: line.minX, y: line.minY + ((line.height - textHeight) / 2).rounded(),
                                       width: line.width, height: textHeight), style: style, cache: dateCache)

        if edit > 0 {
            drawBadge(in: canvas, center: badgeCenter(in: bounds), editingProgress: edit, selectionProgress: checked)
        }
    }

    /// What stands in for a folder photo's picture while it loads.
    public static func placeholderTint(_ theme: Theme) -> Color { theme.secondaryForeground.withAlpha(0.16) }

    /// The error badge's radius.
    public nonisolated static let errorBadgeRadius = 13.0

    /// The error badge on a placeholder whose file could not be shown: an exclamation mark
    /// in the theme's destructive colour.
    public static func drawErrorBadge(in canvas: Canvas, center: Point) {
        let r = errorBadgeRadius
        canvas.fill(.circle(center: center, radius: r), color: canvas.theme.destructive)
        let bar = Rect(x: center.x - 1.5, y: center.y - r * 0.55, width: 3, height: r * 0.7)
        canvas.fill(.roundedRect(bar, radius: 1.5), color: Color.white)
        canvas.fill(.circle(center: Point(x: center.x, y: center.y + r * 0.45), radius: 1.8), color: Color.white)
    }

    /// The check badge: a white ring on a light shade while unchecked; as
    /// `selectionProgress` goes to 1 it fills with the accent colour and its check mark
    /// draws in, with a small bounce. It fades and grows in with `editingProgress`.
    public static func drawBadge(in canvas: Canvas, center: Point, editingProgress: Double, selectionProgress: Double) {
        let edit = clamp(editingProgress), s = clamp(selectionProgress)
        guard edit > 0 else { return }
        let theme = canvas.theme
        let bounce = s > 0 && s < 1 ? 1 + 0.16 * sin(Double.pi * s) : 1
        let radius = badgeRadius * (0.55 + 0.45 * edit) * bounce
        let ring = Color.white
        canvas.withState {
            canvas.multiplyAlpha(edit)
            canvas.fill(.circle(center: center, radius: radius + 0.75), color: Color.black.withAlpha(0.28 * (1 - s)))
            if s > 0 {
                canvas.fill(.circle(center: center, radius: radius), color: theme.accent.withAlpha(min(1, s * 1.5)))
                canvas.stroke(Path.checkMark(center: center, scale: radius / 10, drawn: s), color: ring, lineWidth: 2)
            }
            canvas.stroke(.circle(center: center, radius: radius), color: ring.withAlpha(0.95), lineWidth: 1.5)
        }
    }

    private static func clamp(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
}

import CGtk
@_spi(Hosting) import PoolTable

/// Sideways scroll input: a touchpad's horizontal scroll, a horizontal wheel (buttons 6/7)
/// and Shift with a vertical wheel (GNOME's convention, as `GtkScrolledWindow` swaps the
/// axes). Over an orthogonal section (a carousel) it scrolls that section through the
/// engine's orthogonal scroll; elsewhere a horizontal scroll swipes the row or item under the
/// pointer (`TableWidget+RowActions.swift`); anything else goes on to the scrolled window.
/// The engine decides what is under the pointer and how a released carousel settles (its
/// deceleration, pages and groups, animated on the frame clock); this only translates.
///
/// One scroll gesture is routed once, by its first event: a touchpad gesture between its
/// `scroll-begin` and `scroll-end`, a wheel's clicks until they pause for
/// `scrollSwipeIdle`. A gesture that began mostly vertical stays with the scrolled window,
/// and one that holds a carousel ignores its vertical part.
extension TableWidget {
    /// How far a sideways scroll has gone, and what it moves.
    enum SidewaysScroll {
        /// An orthogonal section follows (the engine holds which one).
        case carousel
        /// A row or item is swiped, this far so far.
        case swipe(translation: Double)
        /// The gesture is the scrolled window's (it began vertical, or over nothing sideways).
        case passed
    }

    /// GtkScrolledWindow's factor for touchpad deltas and velocities (gtkscrolledwindow.c's
    /// MAGIC_SCROLL_FACTOR), so a carousel moves under the fingers as the page does.
    static let touchpadScrollFactor = 2.5

    /// A wheel's clicks have no speed of their own: they end as a gentle flick in their
    /// direction, this fast (points per second), so a paging carousel moves on a page or a
    /// group per turn of the wheel (as libadwaita's AdwCarousel does) and a continuous one
    /// glides a little (about half this in points) instead of springing back.
    static let wheelReleaseSpeed = 150.0

    /// GtkScrolledWindow's wheel step for a page `size` wide (gtkscrolledwindow.c's
    /// `get_wheel_detent_scroll_step`): one click of a wheel scrolls a carousel this far.
    static func wheelScrollStep(pageSize size: Double) -> Double { pow(max(1, size), 2.0 / 3.0) }

    func installSidewaysScroll() {
        let flags = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue
        let scroll = gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: flags))!
        Signal.connect(scroll, "scroll-begin") { [weak self] in self?.endSidewaysScroll(velocity: 0) }
        Signal.connectScroll(scroll, "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(scroll.opaque)
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            let discrete = gtk_event_controller_scroll_get_unit(scroll.opaque) == GDK_SCROLL_UNIT_WHEEL
            // Shift turns a vertical scroll sideways, as in GtkScrolledWindow.
            let (x, y) = shifted ? (dy, dx) : (dx, dy)
            return self.sidewaysScroll(x: x, y: y, discrete: discrete, shifted: shifted)
        }
        // A touchpad lifted: `scroll-end`, then (KINETIC) `decelerate` with the fingers' speed.
        Signal.connect(scroll, "scroll-end") { [weak self] in
            guard let self, case .carousel = self.sidewaysScroll else { self?.endSidewaysScroll(velocity: 0); return }
        }
        Signal.connectPoint(scroll, "decelerate") { [weak self] vx, vy in
            guard let self, case .carousel = self.sidewaysScroll else { return }
            let state = gtk_event_controller_get_current_event_state(scroll.opaque)
            let velocity = state.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? vy : vx
            self.endSidewaysScroll(velocity: velocity * Self.touchpadScrollFactor)
        }
        gtk_widget_add_controller(drawingArea, scroll)
    }

    /// One scroll event, sideways part `x` and vertical part `y` (wheel clicks when
    /// `discrete`, else touchpad pixels) at the pointer: true when it was used here.
    func sidewaysScroll(x: Double, y: Double, discrete: Bool, shifted: Bool) -> Bool {
        // A wheel turned the other way (a plain vertical click) ends its sideways scroll and
        // scrolls the page as usual.
        if discrete && x == 0 { endSidewaysScroll(velocity: nil); return false }
        // A wheel sends no `scroll-end`, nor does a touchpad on X11: the gesture also ends
        // when its events pause.
        sidewaysScrollEnd.once(after: Self.scrollSwipeIdle) { [weak self] in self?.endSidewaysScroll(velocity: nil) }
        switch sidewaysScroll {
        case .carousel:
            moveCarousel(x, discrete: discrete)
            return true
        case .swipe(let translation):
            let moved = translation - x * (discrete ? Self.wheelSwipeStep : 1)
            sidewaysScroll = .swipe(translation: moved)
            listView.updateSwipe(translation: moved)
            return true
        case .passed:
            return false
        case nil:
            break
        }
        // The gesture's first event decides where it goes.
        guard x != 0, abs(x) >= abs(y), let p = pointerPosition, let point = tablePoint(p) else {
            if !discrete { sidewaysScroll = .passed }
            return false
        }
        if let collection = listView as? CollectionView, collection.beginOrthogonalScroll(atViewportPoint: point) {
            sidewaysScroll = .carousel
            wheelDirection = 0
            moveCarousel(x, discrete: discrete)
            return true
        }
        // Shift+wheel off the carousels scrolls the scrolled window sideways, as it always did.
        if !shifted, listView.beginSwipe(atViewportPoint: point) {
            sidewaysScroll = .swipe(translation: 0)
            return sidewaysScroll(x: x, y: y, discrete: discrete, shifted: shifted)
        }
        if !discrete { sidewaysScroll = .passed }
        return false
    }

    /// Moves the held carousel by a scroll of `x` (positive: towards the trailing edge, the
    /// content moving left), in the scrolled window's units.
    private func moveCarousel(_ x: Double, discrete: Bool) {
        let delta = x * (discrete ? Self.wheelScrollStep(pageSize: listView.frame.width) : Self.touchpadScrollFactor)
        if discrete {
            if delta != 0 { wheelDirection = delta > 0 ? 1 : -1 }
        } else {
            // The fingers' last tenth of a second, for a release without `decelerate` (X11).
            let now = MonotonicClock.seconds
            recentScroll.append((now, delta))
            recentScroll.removeAll { now - $0.time > 0.1 }
        }
        (listView as? CollectionView)?.updateOrthogonalScroll(by: delta)
    }

    /// The gesture ended: a carousel is let go at `velocity` (points per second; nil when
    /// the events just paused: `pausedScrollVelocity()`), a swipe settles, and the next
    /// scroll is routed anew.
    func endSidewaysScroll(velocity: Double?) {
        sidewaysScrollEnd.stop()
        let ended = sidewaysScroll
        sidewaysScroll = nil
        switch ended {
        case .carousel:
            (listView as? CollectionView)?.endOrthogonalScroll(velocity: velocity ?? pausedScrollVelocity())
            accessibleCursorMayHaveMoved()
        case .swipe:
            listView.endSwipe()
            accessibleCursorMayHaveMoved()
        case .passed, nil:
            break
        }
        wheelDirection = 0
        recentScroll = []
    }

    /// The speed a carousel is let go at when its scroll events just paused: a wheel's
    /// gentle flick in its direction, a touchpad's speed over its last events (none once the
    /// fingers stood still before lifting).
    private func pausedScrollVelocity() -> Double {
        if wheelDirection != 0 { return wheelDirection * Self.wheelReleaseSpeed }
        guard let first = recentScroll.first, let last = recentScroll.last, last.time - first.time > 0.005 else { return 0 }
        return recentScroll.dropFirst().reduce(0) { $0 + $1.delta } / (last.time - first.time)
    }
}

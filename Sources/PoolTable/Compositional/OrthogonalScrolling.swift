/// The state of a collection view's sideways-scrolling sections beside their offsets (which
/// live in each section's geometry): the gesture scrolling one of them now, and the settling
/// animations run on the engine's clock. It follows its sections through batch updates as a
/// position tracker, so a gesture or a settle stays with its section when one is inserted
/// or deleted above it.
@MainActor
final class OrthogonalScrolling: PositionTracking {
    /// A gesture scrolling a section: where its offset was when it began.
    struct Gesture {
        var section: Int
        var startOffset: Double
    }
    /// The gesture in progress (a drag, a touchpad or wheel scroll); nil when none.
    private(set) var gesture: Gesture?
    /// Settling (or animated) sections: the offset each is heading to.
    private(set) var settling: [Int: Transition] = [:]
    /// The offset each settling section showed after its last step. When the section's offset
    /// is found elsewhere at the next step (a group left of the view was measured and the band
    /// kept what is on screen in place), the settle moves by as much, so it neither jumps back
    /// nor rests short of the group boundary it was heading for.
    private var shown: [Int: Double] = [:]

    var isAnimating: Bool { !settling.isEmpty }

    func begin(_ g: Gesture) {
        gesture = g
        stopSettling(g.section)
    }
    func end() { gesture = nil }

    /// Starts a settle from the section's offset now (`transition.from`).
    func settle(_ section: Int, _ transition: Transition) {
        settling[section] = transition
        shown[section] = transition.from
    }
    func stopSettling(_ section: Int) {
        settling[section] = nil
        shown[section] = nil
    }

    /// Advances every settle to `t`: the offsets to show now, by section. `current` gives a
    /// section's offset as it is now.
    func tick(_ t: Double, current: (Int) -> Double) -> [(section: Int, offset: Double)] {
        var out: [(Int, Double)] = []
        for (s, var transition) in settling {
            if let last = shown[s] {
                let moved = current(s) - last
                transition.from += moved
                transition.to += moved
            }
            transition.pin(at: t)
            out.append((s, transition.value(at: t)))
            settling[s] = transition.isFinished(at: t) ? nil : transition
            if settling[s] == nil { shown[s] = nil }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// Records the offset a settling section shows after a step (clamped to its band).
    func noteShown(_ offset: Double, ofSection s: Int) {
        if settling[s] != nil { shown[s] = offset }
    }

    // MARK: PositionTracking

    func remap(_ mapping: UpdateMapping) {
        if let g = gesture {
            gesture = mapping.sectionMap[safe: g.section].flatMap { $0 }.map { Gesture(section: $0, startOffset: g.startOffset) }
        }
        var moved: [Int: Transition] = [:], movedShown: [Int: Double] = [:]
        for (s, t) in settling {
            guard let n = mapping.sectionMap[safe: s].flatMap({ $0 }) else { continue }
            moved[n] = t
            movedShown[n] = shown[s]
        }
        settling = moved
        shown = movedShown
    }

    func reset(sectionCount: Int) {
        gesture = nil
        settling = [:]
        shown = [:]
    }
}

/// Where a sideways scroll comes to rest, per `orthogonalScrollingBehavior` (rule 5), as
/// arithmetic on one section's band: O(1), or O(log groups) where the groups' widths were
/// measured (group boundaries then follow the measured widths).
@MainActor
enum OrthogonalSettling {
    /// How far a fling carries on past the release: UIKit's normal deceleration rate (0.998
    /// per millisecond) projects a velocity v (points per second) v × 0.998 / 0.002 / 1000 ≈ v / 2.
    static let projection = 0.998 / (1 - 0.998) / 1000
    /// Below this speed (points per second) a release is a drag's, not a fling's.
    static let flingSpeed = 100.0
    /// A group-paging drag released without a fling moves a group once it went this share of one.
    static let groupPagingDragShare = 1.0 / 3

    /// The resting offset of `section` released at `offset` with `velocity`, after a gesture
    /// that began at `startOffset`.
    static func target(_ section: SectionGeometry, offset: Double, startOffset: Double, velocity: Double) -> Double {
        let v = velocity.isFinite ? velocity : 0
        let projected = offset + v * projection
        let width = section.viewWidth
        let delta = offset - startOffset
        /// The direction of a one-step behaviour: the fling's, else the drag's past `share` of `step`.
        func direction(step: Double, share: Double) -> Int {
            if abs(v) >= flingSpeed { return v > 0 ? 1 : -1 }
            if step > 0 && abs(delta) >= step * share { return delta > 0 ? 1 : -1 }
            return 0
        }
        let target: Double
        switch section.behavior {
        case .none:
            return section.orthogonalOffset
        case .continuous:
            target = projected
        case .continuousGroupLeadingBoundary:
            // A group's leading edge at the section's leading inset (g × stride for uniform groups).
            target = section.acrossStride > 0 ? section.offset(ofGroup: section.group(nearestOffset: projected)) : projected
        case .paging:
            guard width > 0 else { return section.orthogonalOffset }
            let startPage = (startOffset / width).rounded()
            let page = startPage + Double(direction(step: width, share: 0.5))
            target = page * width
        case .groupPaging:
            guard section.acrossStride > 0 else { return section.orthogonalOffset }
            let startGroup = section.group(nearestOffset: startOffset)
            let step = section.groupWidth(startGroup) + section.spacing
            target = section.offset(ofGroup: startGroup + direction(step: step, share: groupPagingDragShare))
        case .groupPagingCentered:
            guard section.acrossStride > 0 else { return section.orthogonalOffset }
            // Group g centred: its middle at the view's middle.
            func centring(_ g: Int) -> Double { section.groupLeading(g) + section.groupWidth(g) / 2 - width / 2 }
            let startGroup: Int
            if section.acrossSelfSizing {
                let middle = startOffset + width / 2
                let g = section.groups(meetingAcross: middle, middle + 1).first
                    ?? section.group(nearestOffset: middle - section.insets.leading - section.estimatedGroupWidth / 2)
                startGroup = min(max(0, g), max(0, section.groups - 1))
            } else {
                startGroup = Int(((startOffset - centring(0)) / section.acrossStride).rounded())
            }
            let step = section.groupWidth(startGroup) + section.spacing
            target = centring(startGroup + direction(step: step, share: groupPagingDragShare))
        }
        return min(max(0, target), section.maxOrthogonalOffset)
    }

    /// The offset that brings row `row`'s group into view the way the behaviour aligns
    /// groups (the keyboard's scroll into view); the current offset when it is in view
    /// already and the behaviour does not align.
    static func revealing(_ section: SectionGeometry, row: Int) -> Double {
        let g = row / section.itemsPerGroup
        let leading = section.groupLeading(g), groupWidth = section.groupWidth(g), trailing = leading + groupWidth
        let o = section.orthogonalOffset, width = section.viewWidth
        let shown = leading >= o - 0.5 && trailing <= o + width + 0.5
        let target: Double
        switch section.behavior {
        case .none:
            return o
        case .continuous:
            if shown { return o }
            target = leading < o ? leading - section.insets.leading : trailing + section.insets.trailing - width
        case .continuousGroupLeadingBoundary, .groupPaging:
            if shown && section.behavior == .continuousGroupLeadingBoundary { return o }
            target = leading - section.insets.leading
        case .paging:
            if shown || width <= 0 { return o }
            // The page the group's middle is on (a group across two pages shows most there).
            target = ((leading + groupWidth / 2) / width).rounded(.down) * width
        case .groupPagingCentered:
            target = leading + groupWidth / 2 - width / 2
        }
        return min(max(0, target), section.maxOrthogonalOffset)
    }
}

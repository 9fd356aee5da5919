import Foundation
import PoolTable

/// `pooltable-bench gui-move` (issue 23): the whole frame in the real window while a row is
/// moved by hand, against the same window scrolling. Both children are PoolTable in edit mode
/// (checkboxes and grips drawn) on the `gui` bench's million rows, driven by the same script
/// (the `gui` bench's scroll steps of 37 px, then its jumps); in the `move` child a row is
/// lifted on the first step and its target follows the viewport every frame, so the rows it
/// passes glide out of its way and the lifted row with its shadow is drawn on top. The two
/// alternate, round after round, so a drifting machine lands on both.
@MainActor
struct MovingBench {
    let options: Options

    /// The scroll steps' frames of a scrolling and a moving child.
    static func scrollSteps(_ scrolling: ChildResult, _ moving: ChildResult) -> (FrameWorkSummary, FrameWorkSummary) {
        (FrameWorkSummary(scrolling, name: "scrolling", kind: "scroll"), FrameWorkSummary(moving, name: "moving", kind: "scroll"))
    }

    func run(command: String) {
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil else {
            Options.fail("gui-move needs a display; run it under: xvfb-run -a -s \"-screen 0 1280x800x24\" ...")
        }
        let renderers = options.renderers.isEmpty ? ["cairo"] : options.renderers
        let rounds = options.rounds ?? (options.smoke ? 1 : 3)
        let frames = options.smoke ? 60 : 600
        let rows = options.smoke ? 10_000 : 1_000_000
        var notes: [String] = []
        var out = "pooltable-bench gui-move: \(rows) rows, edit mode, \(frames) scroll steps of 37 px a frame, \(rounds) rounds alternating\n"
        out += "\(command)\n\n"
        out += "renderer  round  scrolling median / p99 (ms)  moving median / p99 (ms)  moving / scrolling (median)\n"
        for renderer in renderers {
            var scrolling: [ChildResult] = [], moving: [ChildResult] = []
            for round in 1...rounds {
                func child(_ movement: String) -> ChildResult? {
                    note("gui-move: renderer \(renderer), round \(round)/\(rounds): \(movement)")
                    return runBenchChild(["gui-one", "--toolkit", "pooltable", "--rows", "\(rows)", "--frames", "\(frames)",
                                          "--movement", movement],
                                         renderer: renderer, what: "\(movement) (\(renderer))", notes: &notes)
                }
                let order = round % 2 == 1 ? ["scroll", "move"] : ["move", "scroll"]
                for movement in order {
                    guard let r = child(movement) else { continue }
                    if round == 1 { notes += r.notes.map { "\(movement): \($0)" } }
                    if movement == "scroll" { scrolling.append(r) } else { moving.append(r) }
                }
                if let s = scrolling.last, let m = moving.last, scrolling.count == round, moving.count == round {
                    let (a, b) = Self.scrollSteps(s, m)
                    out += "\(renderer.padding(toLength: 8, withPad: " ", startingAt: 0))  \(round)      "
                        + "\(fmt(a.medianMs, 3)) / \(fmt(a.p99Ms, 2))".padding(toLength: 29, withPad: " ", startingAt: 0)
                        + "\(fmt(b.medianMs, 3)) / \(fmt(b.p99Ms, 2))".padding(toLength: 26, withPad: " ", startingAt: 0)
                        + "\(fmt(b.medianMs / a.medianMs, 3))x\n"
                }
            }
            guard let s = ChildResult.pooled(scrolling), let m = ChildResult.pooled(moving) else { continue }
            let (a, b) = Self.scrollSteps(s, m)
            out += "\(renderer) pooled: scrolling \(fmt(a.medianMs, 3)) ms (p95 \(fmt(a.p95Ms, 2)), p99 \(fmt(a.p99Ms, 2)); "
                + "update \(fmt(a.updateMedianMs, 3)), layout \(fmt(a.layoutMedianMs, 3)), paint \(fmt(a.paintMedianMs, 3))), "
                + "moving \(fmt(b.medianMs, 3)) ms (p95 \(fmt(b.p95Ms, 2)), p99 \(fmt(b.p99Ms, 2)); "
                + "update \(fmt(b.updateMedianMs, 3)), layout \(fmt(b.layoutMedianMs, 3)), paint \(fmt(b.paintMedianMs, 3))): "
                + "moving / scrolling = \(fmt(b.medianMs / a.medianMs, 3))x over \(a.frames) + \(b.frames) frames\n"
        }
        for n in notes { out += "note: \(n)\n" }
        print(out, terminator: "")
    }
}

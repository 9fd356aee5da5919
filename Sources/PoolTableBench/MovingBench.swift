import Foundation
import PoolTable

/// `pooltable-bench gui-move` (issue 23): the whole frame in the real window while a row is
/// moved by hand, against the same window scrolling. All three children are PoolTable in edit
/// mode (checkboxes and grips drawn) on the `gui` bench's million rows, driven by the same
/// script (the `gui` bench's scroll steps of 37 px, then its jumps):
/// - `scroll`: the list scrolls, nothing else;
/// - `move`: the list scrolls and a row lifted on the first step follows the viewport (its
///   target moved every frame), so the rows it passes glide out of its way and the lifted row
///   with its shadow is drawn on top: moving while the list scrolls under it, as auto-scroll does;
/// - `drag`: the list stays still and the lifted row is dragged 37 px a frame down and up
///   across it: moving by hand on its own.
/// They take turns, round after round, in a rotating order, so a drifting machine lands on all.
@MainActor
struct MovingBench {
    let options: Options

    /// The scroll steps' frames of a child.
    static func scrollSteps(_ r: ChildResult, name: String) -> FrameWorkSummary {
        FrameWorkSummary(r, name: name, kind: "scroll")
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
        let kinds = ["scroll", "move", "drag"]
        var notes: [String] = []
        var out = "pooltable-bench gui-move: \(rows) rows, edit mode, \(frames) steps of 37 px a frame, \(rounds) rounds taking turns\n"
        out += "\(command)\n\n"
        out += "scroll: the list scrolls; move: it scrolls with a row lifted and held over it; drag: it stays, the lifted row is dragged across it\n"
        out += "renderer  round  scroll median / p99 (ms)  move median / p99 (ms)  drag median / p99 (ms)  move / scroll  drag / scroll\n"
        func cell(_ s: FrameWorkSummary) -> String { "\(fmt(s.medianMs, 3)) / \(fmt(s.p99Ms, 2))".padding(toLength: 24, withPad: " ", startingAt: 0) }
        for renderer in renderers {
            var results: [String: [ChildResult]] = [:]
            for round in 1...rounds {
                let shift = (round - 1) % kinds.count
                for movement in Array(kinds[shift...]) + Array(kinds[..<shift]) {
                    note("gui-move: renderer \(renderer), round \(round)/\(rounds): \(movement)")
                    guard let r: ChildResult = runBenchChild(["gui-one", "--toolkit", "pooltable", "--rows", "\(rows)", "--frames", "\(frames)",
                                                 "--movement", movement],
                                                renderer: renderer, what: "\(movement) (\(renderer))", notes: &notes) else { continue }
                    if round == 1 { notes += r.notes.map { "\(movement): \($0)" } }
                    results[movement, default: []].append(r)
                }
                let last = kinds.compactMap { k in results[k].flatMap { $0.count == round ? $0.last : nil } }
                guard last.count == kinds.count else { continue }
                let (a, b, c) = (Self.scrollSteps(last[0], name: "scroll"), Self.scrollSteps(last[1], name: "move"), Self.scrollSteps(last[2], name: "drag"))
                out += "\(renderer.padding(toLength: 8, withPad: " ", startingAt: 0))  \(round)      " + cell(a) + " " + cell(b) + " " + cell(c)
                    + "\(fmt(b.medianMs / a.medianMs, 3))x".padding(toLength: 15, withPad: " ", startingAt: 0) + "\(fmt(c.medianMs / a.medianMs, 3))x\n"
            }
            let pooled = kinds.compactMap { results[$0].flatMap(ChildResult.pooled) }
            guard pooled.count == kinds.count else { continue }
            let summaries = zip(pooled, kinds).map { Self.scrollSteps($0, name: $1) }
            let scroll = summaries[0]
            for s in summaries {
                out += "\(renderer) pooled \(s.toolkit): \(fmt(s.medianMs, 3)) ms (p95 \(fmt(s.p95Ms, 2)), p99 \(fmt(s.p99Ms, 2)); "
                    + "update \(fmt(s.updateMedianMs, 3)), layout \(fmt(s.layoutMedianMs, 3)), paint \(fmt(s.paintMedianMs, 3)); "
                    + "\(s.frames) frames)" + (s.toolkit == "scroll" ? "\n" : ": \(s.toolkit) / scroll = \(fmt(s.medianMs / scroll.medianMs, 3))x\n")
            }
        }
        for n in notes { out += "note: \(n)\n" }
        print(out, terminator: "")
    }
}

/// A Fenwick (binary indexed) tree over `Element` values: prefix sums and point updates in
/// O(log n), and "how many leading elements fit under a bound" by descent in O(log n).
struct FenwickTree<Element: AdditiveArithmetic & Comparable> {
    private var tree: [Element]   // 1-based; tree[0] unused

    init(_ values: [Element]) {
        tree = [.zero] + values
        let n = values.count
        if n > 0 {
            for i in 1...n {
                let parent = i + (i & -i)
                if parent <= n { tree[parent] += tree[i] }
            }
        }
    }

    var count: Int { tree.count - 1 }

    /// Sum of the first `n` elements.
    func prefixSum(_ n: Int) -> Element {
        var i = min(n, count), sum = Element.zero
        while i > 0 { sum += tree[i]; i -= i & -i }
        return sum
    }

    mutating func add(_ delta: Element, at index: Int) {
        var i = index + 1
        while i <= count { tree[i] += delta; i += i & -i }
    }

    /// The largest `k` such that the sum of the first `k` elements is `<= bound`
    /// (elements must be non-negative). Also returns that sum.
    func countFitting(_ bound: Element) -> (count: Int, sum: Element) {
        var pos = 0, sum = Element.zero
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = pos + step
            if next <= count, sum + tree[next] <= bound {
                pos = next
                sum += tree[next]
            }
            step /= 2
        }
        return (pos, sum)
    }
}

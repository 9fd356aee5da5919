/// The mounted section header and footer views (UIKit's `headerView(forSection:)`), for
/// hosts that mirror what is drawn (e.g. accessible proxies of the section titles).
extension TableView {
    /// The header view of `section` while it is mounted (its section meets the mounting
    /// band); nil otherwise. Its `frame` is where it is drawn, floating in `.plain` style.
    public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return mountedHeaders[section]
    }

    /// The footer view of `section` while it is mounted; nil otherwise.
    public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
        layoutIfNeeded()
        return mountedFooters[section]
    }
}

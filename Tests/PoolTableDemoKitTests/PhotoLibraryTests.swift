// Not all of Foundation: its IndexPath would hide the engine's.
import struct Foundation.Calendar
import struct Foundation.TimeZone
import PoolTable
@testable import PoolTableDemoKit
import Testing

@Suite("Photos: the library by month, its dates, deletes and undos")
struct PhotoLibraryTests {
    /// Every photo's id, section by section.
    private func ids(_ library: PhotoLibrary) -> [[Int]] { library.sections.map { $0.photos.map(\.id) } }

    @Test("100,000 photos, the same for the same seed, newest first, one section per month")
    func generatedLibrary() {
        let library = PhotoLibrary()
        #expect(library.count == 100_000)
        #expect((0..<library.numberOfSections).reduce(0) { $0 + library.numberOfItems(in: $1) } == 100_000)
        #expect(library.sections == PhotoLibrary().sections, "deterministic")
        #expect(library.sections != PhotoLibrary(seed: 7).sections, "the seed matters")
        #expect(library.photo(at: IndexPath(row: 0, section: 0)).date == PhotoLibrary.defaultNewest)

        let all = library.sections.flatMap(\.photos)
        #expect(all.map(\.id) == Array((0..<100_000).reversed()), "ids are stable and grow with the date")
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.date > $1.date }, "strictly newest first")
        #expect(zip(library.sections, library.sections.dropFirst()).allSatisfy { $0.month > $1.month })
        for section in library.sections {
            #expect(!section.photos.isEmpty)
            #expect(section.photos.allSatisfy { $0.date.photoMonth == section.month })
        }
        // A believable camera roll: years of photos, months of a few hundred.
        let years = library.sections[0].month.year - library.sections[library.numberOfSections - 1].month.year
        #expect(years >= 5 && years <= 30, "\(years) years")
        let average = 100_000 / library.numberOfSections
        #expect(average >= 200 && average <= 2_000, "\(average) photos a month")
        #expect(Set(library.sections.map { $0.photos.count }).count > library.numberOfSections / 4, "months vary in size")
    }

    @Test("A configurable count and newest date; months are titled through one formatter")
    func countsAndTitles() {
        let newest = PhotoDate(year: 2024, month: 3, day: 2, hour: 9)
        let library = PhotoLibrary(count: 500, seed: 1, newest: newest)
        #expect(library.count == 500 && library.sections.flatMap(\.photos).count == 500)
        #expect(library.month(ofSection: 0) == PhotoMonth(year: 2024, month: 3))
        #expect(library.title(ofSection: 0) == "March 2024")
        #expect(library.title(ofSection: 1) == "February 2024")
        var french = PhotoFormat.english
        french.monthTitle = { "\(["janvier", "février", "mars"][$0.month - 1]) \($0.year)" }
        #expect(library.title(ofSection: 0, format: french) == "mars 2024")
        #expect(PhotoLibrary(count: 0).numberOfSections == 0)
        #expect(PhotoLibrary(count: -3).count == 0)
        #expect(library.numberOfItems(in: 999) == 0)
    }

    @Test("PhotoDate's calendar fields agree with Foundation's Gregorian calendar in UTC")
    func calendarArithmetic() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var rng = SeededRandom(seed: 42)
        for _ in 0..<3_000 {
            let seconds = Int.random(in: -2_000_000_000...4_000_000_000, using: &rng)
            let date = PhotoDate(secondsSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date.utcDate)
            #expect([date.year, date.month, date.day, date.hour, date.minute, date.second, date.weekday]
                    == [c.year, c.month, c.day, c.hour, c.minute, c.second, c.weekday], "\(seconds)")
            let rebuilt = PhotoDate(year: date.year, month: date.month, day: date.day, hour: date.hour, minute: date.minute, second: date.second)
            #expect(rebuilt == date)
        }
        #expect(PhotoDate(year: 2026, month: 11, day: 3, hour: 14, minute: 5).description == "2026-11-03 14:05:00")
        #expect(PhotoDate(year: 2024, month: 2, day: 29).day == 29 && PhotoDate(year: 2023, month: 2, day: 29).month == 3)
    }

    @Test("indexPath(ofPhotoID:) finds every photo, and nothing once it is deleted")
    func findByID() {
        var library = PhotoLibrary(count: 3_000, seed: 5)
        for s in 0..<library.numberOfSections {
            for i in 0..<library.numberOfItems(in: s) {
                let ip = IndexPath(row: i, section: s)
                #expect(library.indexPath(ofPhotoID: library.photo(at: ip).id) == ip)
            }
        }
        let gone = library.photo(at: IndexPath(row: 4, section: 1)).id
        library.deletePhotos(at: [IndexPath(row: 4, section: 1)])
        #expect(library.indexPath(ofPhotoID: gone) == nil)
        #expect(library.indexPath(ofPhotoID: -1) == nil && library.indexPath(ofPhotoID: 3_000) == nil)
    }

    @Test("Delete removes photos across months; the change names old index paths, ascending")
    func deleteAcrossSections() {
        var library = PhotoLibrary(count: 2_000, seed: 3)
        let original = library
        let doomed = [IndexPath(row: 3, section: 1), IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 1)]
        let survivor = library.photo(at: IndexPath(row: 2, section: 1))
        let change = library.deletePhotos(at: doomed + [IndexPath(row: 0, section: 0), IndexPath(row: 99_999, section: 0),
                                                         IndexPath(row: 0, section: 500), IndexPath(row: -1, section: 0)])
        #expect(change.items == doomed.sorted())
        #expect(change.sections.isEmpty)
        #expect(change.allIndexPaths == doomed.sorted())
        #expect(library.count == 1_997)
        #expect(library.numberOfItems(in: 1) == original.numberOfItems(in: 1) - 2)
        #expect(library.photo(at: IndexPath(row: 1, section: 1)) == survivor)
        #expect(library.canUndo && library.undoStack.count == 1)

        let none = library.deletePhotos(at: [IndexPath(row: 0, section: 900)])
        #expect(none.isEmpty && library.undoStack.count == 1, "nothing deleted: no undo step")

        let restored = library.undo()
        #expect(restored?.items == doomed.sorted())
        #expect(restored?.sections.isEmpty == true)
        #expect(library.sections == original.sections && library.count == 2_000)
        #expect(!library.canUndo && library.undo() == nil)
    }

    @Test("Emptying a month removes its section; undo brings the month back with its photos")
    func deleteWholeMonth() throws {
        var library = PhotoLibrary(count: 4_000, seed: 11)
        let original = library
        let s = try #require((1..<library.numberOfSections - 1).min { library.numberOfItems(in: $0) < library.numberOfItems(in: $1) })
        let month = library.month(ofSection: s)
        let whole = (0..<library.numberOfItems(in: s)).map { IndexPath(row: $0, section: s) }
        let after = [IndexPath(row: 0, section: s + 1)]
        let change = library.deletePhotos(at: whole + after)
        #expect(change.sections == [s])
        #expect(change.items == after, "items of a deleted section are not named again")
        #expect(change.allIndexPaths == whole + after)
        #expect(library.numberOfSections == original.numberOfSections - 1)
        #expect(!library.sections.contains { $0.month == month })
        #expect(library.month(ofSection: s) == original.month(ofSection: s + 1))

        let undone = library.undo()
        let restored = try #require(undone)
        #expect(restored.sections == [s])
        #expect(restored.items == after)
        #expect(restored.allIndexPaths == whole + after)
        #expect(library.sections == original.sections)

        // Everything at once (Ctrl+A, Delete) and back.
        let all = library.deletePhotos(at: library.sections.indices.flatMap { s in
            (0..<library.numberOfItems(in: s)).map { IndexPath(row: $0, section: s) }
        })
        #expect(all.sections == Set(0..<original.numberOfSections) && all.items.isEmpty)
        #expect(library.numberOfSections == 0 && library.count == 0)
        library.undo()
        #expect(library.sections == original.sections && library.count == 4_000)
    }

    @Test("Random deletes and undos match a plain model, and each change is a valid batch update")
    func randomDeletesAndUndos() {
        var library = PhotoLibrary(count: 6_000, seed: 21)
        var monthsEmptied = 0
        var history: [[[Int]]] = []
        var rng = SeededRandom(seed: 909)
        for step in 0..<300 {
            let before = ids(library)
            var ok = true
            if Int.random(in: 0..<3, using: &rng) == 0, !history.isEmpty {
                guard let change = library.undo() else { Issue.record("undo had nothing at step \(step)"); break }
                let expected = history.removeLast()
                // Inserts name new positions: without them the library is as it was.
                ok = ids(library) == expected && removing(change, from: ids(library)) == before
                #expect(ids(library) == expected, "step \(step)")
                #expect(removing(change, from: ids(library)) == before, "step \(step)")
            } else {
                var picks = Set<IndexPath>()
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    guard let s = library.sections.indices.randomElement(using: &rng) else { break }
                    let n = library.numberOfItems(in: s)
                    // Now and then a whole small month.
                    if Int.random(in: 0..<25, using: &rng) == 0 {
                        for i in 0..<n { picks.insert(IndexPath(row: i, section: s)) }
                    } else {
                        picks.insert(IndexPath(row: Int.random(in: 0..<n, using: &rng), section: s))
                    }
                }
                guard !picks.isEmpty else { continue }
                history.append(before)
                let change = library.deletePhotos(at: picks)
                monthsEmptied += change.sections.count
                // Deletes name old positions: removing them from the old library gives the new one.
                ok = change.allIndexPaths == picks.sorted() && removing(change, from: before) == ids(library)
                #expect(change.allIndexPaths == picks.sorted(), "step \(step)")
                #expect(removing(change, from: before) == ids(library), "step \(step)")
                if history.count > PhotoLibrary.undoLimit { history.removeFirst() }
            }
            #expect(library.count == ids(library).reduce(0) { $0 + $1.count })
            #expect(!library.sections.contains { $0.photos.isEmpty })
            if !ok { break }
        }
        #expect(monthsEmptied > 5, "the run emptied whole months")
    }

    @Test("The undo stack keeps the latest hundred deletes")
    func undoLimit() {
        var library = PhotoLibrary(count: 500, seed: 2)
        for _ in 0..<(PhotoLibrary.undoLimit + 20) { library.deletePhotos(at: [IndexPath(row: 0, section: 0)]) }
        #expect(library.undoStack.count == PhotoLibrary.undoLimit)
        while library.undo() != nil {}
        #expect(library.count == 500 - 20)
    }

    /// `sections` without the whole sections and single items `change` names.
    private func removing(_ change: PhotoLibraryChange, from sections: [[Int]]) -> [[Int]] {
        sections.enumerated().compactMap { s, items -> [Int]? in
            guard !change.sections.contains(s) else { return nil }
            let gone = Set(change.items.filter { $0.section == s }.map(\.row))
            return items.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        }
    }
}

import Testing
import Entity

@Suite("Searches to make when a server matches names only as written")
struct WidenedSearchTests {
    let facts = FoodFacts.standard

    @Test func aFamilyIsAskedForUnderTheKindsResultsShowedThenItsOtherNames() {
        let searches = facts.widenedSearches(of: ["cheese"], seen: ["eggs", "parmesan cheese", "cream of tartar", "Feta", "cheese", "parmesan cheese"],
                                             limit: 20)
        #expect(Array(searches.prefix(2)) == [["parmesan cheese"], ["Feta"]])
        // Then the table's other names for cheese, none of them the typed name or a name seen already.
        #expect(searches.dropFirst(2).contains(["queso"]))
        #expect(!searches.contains(["cheese"]) && !searches.contains(["eggs"]) && !searches.contains(["cream of tartar"]))
        #expect(Set(searches.map { $0[0].lowercased() }).count == searches.count)
    }

    @Test func falseFriendsAndWordsThatOnlyStartANameAreNeverAskedFor() {
        let seen = ["cream of tartar", "ice cream", "peanut butter", "butternut squash", "vanilla bean", "jelly beans", "fish sauce", "nutmeg",
                    "heavy cream", "black beans", "cod"]
        #expect(facts.widenedSearches(of: ["cream"], seen: seen, limit: 1) == [["heavy cream"]])
        #expect(facts.widenedSearches(of: ["butter"], seen: seen).allSatisfy { !seen.contains($0[0]) })
        #expect(facts.widenedSearches(of: ["beans"], seen: seen, limit: 1) == [["black beans"]])
        #expect(facts.widenedSearches(of: ["fish"], seen: seen, limit: 1) == [["cod"]])
        #expect(facts.widenedSearches(of: ["nuts"], seen: seen).allSatisfy { $0 != ["nutmeg"] })
    }

    @Test func kindsAndOtherNamesComeFromTheTableInTurnWhenResultsShowedNone() {
        #expect(Array(facts.widenedSearches(of: ["cheese"], seen: []).prefix(4)) == [["cheddar"], ["parmesan"], ["queso"], ["mozzarella"]])
        #expect(facts.widenedSearches(of: ["fish"], seen: []).first == ["cod"])
        #expect(facts.widenedSearches(of: ["pasta"], seen: []).first == ["spaghetti"])
    }

    @Test func otherNamesComeFromTheTableWhenResultsShowedNone() {
        #expect(facts.widenedSearches(of: ["scallions"], seen: []).contains(["green onion"]))
        #expect(facts.widenedSearches(of: ["aubergine"], seen: []).contains(["eggplant"]))
    }

    @Test func eachTypedNameTakesItsTurnAndTheOthersStay() {
        let searches = facts.widenedSearches(of: ["cheese", "beans", "onions"], seen: ["feta", "black beans", "parmesan cheese", "kidney beans"],
                                             limit: 4)
        #expect(searches == [["feta", "beans", "onions"], ["cheese", "black beans", "onions"], ["cheese", "beans", "shallot"],
                             ["parmesan cheese", "beans", "onions"]])
    }

    @Test func aNameASearchCannotCarryIsLeftOutAndTheLimitHolds() {
        let long = String(repeating: "x", count: RequestLimits.maxIngredientLength) + " cheese"
        let searches = facts.widenedSearches(of: ["cheese"], seen: ["feta, crumbled", long, "feta"], limit: 1)
        #expect(searches == [["feta"]])
        #expect(facts.widenedSearches(of: ["cheese"], seen: ["feta"], limit: 0).isEmpty)
        #expect(facts.widenedSearches(of: ["cheese"], seen: []).count == FoodFacts.maxWidenedSearches)
        #expect(facts.widenedSearches(of: [], seen: ["feta"]).isEmpty)
        #expect(facts.widenedSearches(of: ["zzqx"], seen: ["feta"]).isEmpty)
    }
}

import Testing
@testable import Entity

/// The lactose rule reads what a line names, not everything the line says.
@Suite struct LactoseOverLines {
    @Test(arguments: [
        "2 tbsp butter, or dairy-free butter", "250 g butter, softened (or vegan butter)", "1 cup milk or oat milk",
        "2 tbsp butter or olive oil",
        "100 g unsalted butter, plus extra for greasing", "2 cups grated cheddar cheese", "1 (8 oz) package cream cheese, softened",
        "½ cup heavy cream, whipped to soft peaks", "3 tbsp freshly grated Parmesan, to serve",
    ])
    func aDairyNameCountsWhateverTheRestOfTheLineSays(line: String) {
        #expect(LactoseRule.containsLactose(line))
    }

    @Test(arguments: [
        "1 cup oat milk", "2 tbsp vegan butter, melted", "1 cup milk (lactose-free)", "200 ml coconut milk, or cream",
        "1 tbsp olive oil or butter substitute (dairy-free)", "2 eggs, beaten with a little milk",
        "1 cup butter beans, drained", "2 tbsp peanut butter", "2 tbsp olive oil or butter",
    ])
    func aLineWhoseNameIsNotDairyDoesNotCount(line: String) {
        #expect(!LactoseRule.containsLactose(line))
    }
}

public import View
import Presenter

extension AppDependencies {
    /// `recipes ingredients [--json]`: ingredient lines from stdin, each read into its parts.
    public func runIngredients(json: Bool) -> ExitCode {
        OneShotOutput(width: terminal.width, colors: false).printIngredientLines(IngredientLinesPresenter(), json: json)
    }
}

extension AppDependencies {
    /// `recipes list [--json]`: the shopping list, by aisle, less the pantry.
    public func runList(json: Bool) async -> ExitCode {
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        return output.print(await KitchenOneShotPresenter(kitchen: kitchen, matching: pantryMatching).list(), json: json)
    }

    /// `recipes have [INGREDIENTS] [--missing N] [--strict] [--json]`: recipes ranked by how few
    /// ingredients they lack.
    public func runHave(_ request: CommandLineOptions.HaveCommandRequest) async -> ExitCode {
        let output = OneShotOutput(width: terminal.width, colors: terminal.colors(options.color))
        return output.print(await KitchenOneShotPresenter(kitchen: kitchen, matching: pantryMatching).have(request.request), json: request.json)
    }
}

public import View
import Presenter

extension AppDependencies {
    /// `recipes ingredients [--json]`: ingredient lines from stdin, each read into its parts.
    public func runIngredients(json: Bool) -> ExitCode {
        OneShotOutput(width: terminal.width, colors: false).printIngredientLines(IngredientLinesPresenter(), json: json)
    }
}

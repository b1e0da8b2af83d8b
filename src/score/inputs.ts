import { parseWith } from '../contracts/errors.js';
import { type Plan, PlanSchema } from '../contracts/plan.js';
import { attemptOf, type Receipt, ReceiptSchema } from '../contracts/receipt.js';
import { type Eligibility, EligibilitySchema } from '../contracts/scorecard.js';

/**
 * The in-memory inputs of a scorecard, checked as `crossover score` checks the files it reads: a
 * plan or receipt its own schema refuses (a NaN or infinite diagnostic, say) would otherwise give
 * a scorecard that the scorecard schema refuses in turn. Errors name the receipt and the field.
 */
export function validateScoreInputs(
  plan: Plan,
  receipts: readonly Receipt[],
  eligibility: Record<string, Eligibility> | undefined,
): Plan {
  const checked = parseWith(PlanSchema, plan, `plan ${String(plan?.experiment?.id)}`);
  receipts.forEach((receipt, index) => {
    const trial = receipt?.trial;
    const name = trial ? `receipt of trial ${trial.id} (attempt ${attemptOf(receipt)})` : `receipts[${index}]`;
    parseWith(ReceiptSchema, receipt, name);
  });
  for (const [arm, decision] of Object.entries(eligibility ?? {}))
    parseWith(EligibilitySchema, decision, `eligibility of arm ${arm}`);
  return checked;
}

/** The money path's model test on sealed lots (private_requests, bank_to_bank; ransom, convert) (support/moneyPath.ts, decisions/0238). */
import { moneyPathModel } from './support/moneyPath.ts';

moneyPathModel('private_requests', 'sealed lots (private_requests, bank_to_bank; ransom, convert)', 40);

/** The money path's model test on dutch lots on the falling clock (support/moneyPath.ts, decisions/0238). */
import { moneyPathModel } from './support/moneyPath.ts';

moneyPathModel('dutch', 'dutch lots on the falling clock', 30);

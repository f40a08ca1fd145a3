/** The money path's model test on classic lots with autobids and anti-sniping (support/moneyPath.ts, decisions/0238). */
import { moneyPathModel } from './support/moneyPath.ts';

moneyPathModel('classic', 'classic lots with autobids and anti-sniping', 40);

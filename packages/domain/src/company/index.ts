/** Company requisites, the company save rule and its texts (spec 3 §3, §4.3, §5). */
export * from './companyForm.ts';
export * from './files.ts';
export * from './messages.ts';
export * from './requisites.ts';
export * from './selling.ts';

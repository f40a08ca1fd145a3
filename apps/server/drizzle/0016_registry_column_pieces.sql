CREATE TABLE "registry_column_pieces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_column_pieces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"briefcase_id" integer,
	"loting_id" integer,
	"n" integer NOT NULL,
	"piece" "bytea" NOT NULL,
	CONSTRAINT "registry_column_pieces_one_owner" CHECK (("registry_column_pieces"."briefcase_id" is null) <> ("registry_column_pieces"."loting_id" is null))
);
--> statement-breakpoint
ALTER TABLE "registry_column_pieces" ADD CONSTRAINT "registry_column_pieces_briefcase_id_briefcases_id_fk" FOREIGN KEY ("briefcase_id") REFERENCES "public"."briefcases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_column_pieces" ADD CONSTRAINT "registry_column_pieces_loting_id_lotings_id_fk" FOREIGN KEY ("loting_id") REFERENCES "public"."lotings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_column_pieces_briefcase_key" ON "registry_column_pieces" USING btree ("briefcase_id","n");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_column_pieces_loting_key" ON "registry_column_pieces" USING btree ("loting_id","n");--> statement-breakpoint
ALTER TABLE "registry_column_pieces" ALTER COLUMN "piece" SET STORAGE EXTERNAL;
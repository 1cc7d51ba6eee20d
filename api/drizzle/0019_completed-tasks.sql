CREATE TABLE "completed_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"completed_date" timestamp with time zone DEFAULT now() NOT NULL
);
